// A review decision recorded as a hostile page would send it: main runs the clinical checks itself, from the
// prescription, patient and prescriber it reads, and records its own findings; the page's say is only the
// pharmacist's acknowledgements. The training service over real HTTP; the seeded penicillin allergy conflict.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import { PASSWORD, type StationRig, startStationRig } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
let conflicted: PrescriptionItem;
const { value, refusal } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: PHARMACIST, password: PASSWORD });
  const items = await value('prescriptions:list', { query: { page_size: 200 } });
  for (const item of items.filter((p) => p.drug_name === 'Amoxicillin' && p.patient_id)) {
    const allergies = await value('patients:riskFactors', { params: { patient_id: item.patient_id ?? '' } });
    if (allergies.some((a) => /penicillin/i.test(a.name ?? '') && a.is_active !== false)) conflicted = item;
  }
  expect(
    conflicted,
    'the demo data seeds an amoxicillin prescription for a patient allergic to penicillin',
  ).toBeTruthy();
});
afterAll(async () => {
  await rig.close();
});

describe('a review decision is recorded with main’s own findings', () => {
  const allPassed = (acknowledgement: string | null) => ({
    prescriptionId: conflicted.id,
    decision: 'reviewed' as const,
    findings: [
      { check: 'allergy' as const, status: 'pass' as const, finding: 'No allergy conflict', acknowledgement },
      // The seeded course may also carry more than its 10 days (days supply): acknowledged the same way.
      { check: 'supply' as const, status: 'pass' as const, finding: 'Days supply plausible', acknowledgement },
    ],
    note: '',
    taskRef: null,
  });

  it('a forged "all passed" review is refused: main finds the allergy conflict and it is not acknowledged', async () => {
    const refused = await refusal('audit:recordReview', allPassed(null));
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toContain('a failed check is acknowledged with a reason');
    const omitted = await refusal('audit:recordReview', { ...allPassed(null), findings: [] });
    expect(omitted.code).toBe('invalid_input');
    expect(await value('audit:reviews', { prescriptionId: conflicted.id })).toEqual([]);
  });

  it('with the pharmacist’s acknowledgement, the record holds main’s failed finding, never the page’s "pass"', async () => {
    const recorded = await value('audit:recordReview', allPassed('Prescriber confirmed by phone: tolerated before'));
    const allergy = recorded.findings.find((f) => f.check === 'allergy');
    expect(allergy).toMatchObject({
      status: 'fail',
      finding: expect.stringContaining('Allergy conflict'),
      acknowledgement: 'Prescriber confirmed by phone: tolerated before',
    });
    // Every check main runs, in the panel's order (its list is pinned in test/unit/rules/clinical/checks.test.ts).
    expect(recorded.findings.map((f) => f.check)).toEqual([...CHECK_IDS]);
    expect(recorded.findings.some((f) => f.finding === 'No allergy conflict')).toBe(false);
  });
});
