// A pharmacist's own verification is the final check, added by main from the session: only once the service confirmed
// the pharmacist's role in this run. A role read back from session-state.json alone adds no final check.
import { describe, expect, it } from 'vitest';
import type { RunParts } from '../../../../main/work/verify-runs/run-parts.ts';
import { withOwnFinalCheck } from '../../../../main/work/verify-runs/who-signs.ts';

const PHARMACIST = { id: 'p1', email: 'pharmacist@training.local', firstName: 'Parker', lastName: 'Pharmacist' };
const partsAs = (role: string, roleConfirmed: boolean) =>
  ({ signedIn: () => ({ user: PHARMACIST, role, roleConfirmed }) }) as unknown as RunParts;

describe('a pharmacist’s own final check', () => {
  it('is added to a verified run by a pharmacist the service confirmed', () => {
    expect(withOwnFinalCheck([], 'verified', partsAs('pharmacist', true))).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ purpose: 'final_check' }) }),
    ]);
  });

  it('is not added for a pharmacist role read back from this station, a technician, or a discrepancy', () => {
    expect(withOwnFinalCheck([], 'verified', partsAs('pharmacist', false))).toEqual([]);
    expect(withOwnFinalCheck([], 'verified', partsAs('technician', true))).toEqual([]);
    expect(withOwnFinalCheck([], 'discrepancy', partsAs('pharmacist', true))).toEqual([]);
  });
});
