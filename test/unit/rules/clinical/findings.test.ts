// Checks read as findings: a pass as its statement, a fail as the problem found, never "Fail — No allergy conflict".
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../../rules/clinical/check-model.ts';
import { findingOf, headingOf } from '../../../../rules/clinical/checks.ts';

const allergy = (status: Check['status'], reason: string): Check => ({
  id: 'allergy',
  title: 'No allergy conflict',
  status,
  reason,
});

describe('a check worded as a finding', () => {
  it('names the conflict when it fails, and keeps the statement when it passes', () => {
    const failed = allergy('fail', 'Penicillin allergy on file, Amoxicillin is a penicillin.');
    expect(findingOf(failed)).toBe('Allergy conflict: Penicillin allergy on file, Amoxicillin is a penicillin.');
    expect(headingOf(allergy('pass', 'No allergies on file.'))).toBe('No allergy conflict');
    expect(headingOf(allergy('warn', 'Check by hand: latex.'))).toBe('Possible allergy conflict');
  });

  it('never heads a failed or doubtful check with a "No …" statement', () => {
    const ids: Check['id'][] = [
      'allergy',
      'medications',
      'interactions',
      'license',
      'dea',
      'product',
      'fills',
      'current',
      'guardian',
    ];
    for (const id of ids) {
      for (const status of ['fail', 'warn'] as const) {
        const heading = headingOf({ id, title: 'No problem', status, reason: 'x' });
        expect(heading).not.toBe('No problem');
      }
    }
  });
});
