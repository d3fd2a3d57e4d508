// The work queue's words: a patient with their age, the flags as tags saying what each means, a hold naming the
// decision, who made it ("you" for the person's own), its task and note.
import { describe, expect, it } from 'vitest';
import { flagTags, holdWords, patientWords } from '../../../../renderer/screens/work-queue/wording.ts';

const hold = {
  decision: 'needs_clarification' as const,
  by: 'Parker Pharmacist',
  mine: false,
  note: 'Ask the prescriber',
  task: 'Needs clarification: Tramadol 50 mg',
  recordedAt: '2026-11-27T09:00:00Z',
};

describe('the work queue’s words', () => {
  it('names the patient with their age, and says when no name was read', () => {
    expect(patientWords({ name: 'Riley Practis', age: 6 })).toBe('Riley Practis (6)');
    expect(patientWords({ name: null, age: null })).toBe('Patient not named');
  });

  it('shows the schedule of a controlled drug, a minor, and how many checks failed with what they found', () => {
    const tags = flagTags({ controlled: true, schedule: 'IV', minor: true, failedChecks: ['Too young.', 'Too long.'] });
    expect(tags.map((tag) => tag.text)).toEqual(['C-IV', 'Minor', '2 failed checks']);
    expect(tags[2]?.title).toBe('Too young. Too long.');
    expect(flagTags({ controlled: true, schedule: null, minor: false, failedChecks: [] })[0]?.text).toBe('Controlled');
    expect(flagTags({ controlled: false, schedule: null, minor: false, failedChecks: [] })).toEqual([]);
  });

  it('says the hold, who made it, its task and its note', () => {
    expect(holdWords(hold)).toBe(
      'Needs clarification by Parker Pharmacist. Task: "Needs clarification: Tramadol 50 mg". Note: Ask the prescriber',
    );
    expect(holdWords({ ...hold, mine: true })).toMatch(/^Needs clarification by you\./);
    expect(holdWords({ ...hold, decision: 'exception', by: null, task: null, note: '' })).toBe(
      'Exception by the service.',
    );
  });
});
