// Scoring a drill from records: each check passed or missed, with the reason; properties over any records.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DrillCheck } from '../../../../contract/drills.ts';
import { loadDrills } from '../../../../main/work/drills/drill-files.ts';
import { type DrillRecords, scoreDrill } from '../../../../rules/drills/score.ts';

const none: DrillRecords = {
  verifications: [],
  stops: [],
  reviews: [],
  labelPrints: [],
  tasks: [],
  samePatient: { atStart: 1, now: 1 },
};
const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;
const one = (check: DrillCheck, records: Partial<DrillRecords>) => scoreDrill([check], { ...none, ...records })[0];

describe('judging one check', () => {
  const stop: DrillCheck = { kind: 'stop_raised', stop: 'not_on_order', letGoAs: ['removed', 'reported_as_task'] };

  it('a look-alike stop let go as a misread is missed, with the reason chosen named', () => {
    const result = one(stop, { stops: [{ kind: 'not_on_order', reason: 'misread', approvedBy: null }] });
    expect(result?.passed).toBe(false);
    expect(result?.reason).toMatch(/let go as "Scanned by mistake or misread"/);
  });

  it('a look-alike stop taken out of the package passes; no stop at all is missed', () => {
    expect(one(stop, { stops: [{ kind: 'not_on_order', reason: 'removed', approvedBy: null }] })?.passed).toBe(true);
    expect(one(stop, {})?.reason).toMatch(/No "Not on this order" stop was recorded/);
  });

  it('a label printed on a pharmacist override before verification is missed', () => {
    const result = one(
      { kind: 'labels_after_verification' },
      {
        labelPrints: [{ copy: 1, grounds: 'pharmacist', reprintReason: null, recordedAt: at(1) }],
        verifications: [{ outcome: 'verified', recordedAt: at(5), signOffs: [] }],
      },
    );
    expect(result?.passed).toBe(false);
    expect(result?.reason).toMatch(/override before the order was verified/);
  });

  it('a label on a pharmacist’s override is missed even after a verification; one on verified grounds before it too', () => {
    const labels = (labelPrints: DrillRecords['labelPrints'], verifications: DrillRecords['verifications']) =>
      one({ kind: 'labels_after_verification' }, { labelPrints, verifications });
    const verified = [{ outcome: 'verified' as const, recordedAt: at(5), signOffs: [] }];
    const print = (grounds: 'verified' | 'pharmacist', minute: number) => ({
      copy: 1,
      grounds,
      reprintReason: null,
      recordedAt: at(minute),
    });
    expect(labels([print('pharmacist', 9)], verified)?.reason).toMatch(/on a pharmacist's override before/);
    expect(labels([print('verified', 1)], verified)?.passed).toBe(false);
    expect(labels([print('pharmacist', 1)], [])?.passed).toBe(false);
    expect(labels([print('verified', 9)], verified)?.passed).toBe(true);
  });

  it('a task written twice after an outage is missed, once and sent passes', () => {
    const task = { name: 'Verification discrepancy: order 1', description: 'Short lines:', state: 'done' };
    expect(one({ kind: 'task_sent_once' }, { tasks: [task, task] })?.reason).toMatch(/written 2 times/);
    expect(one({ kind: 'task_sent_once' }, { tasks: [task] })?.passed).toBe(true);
  });

  it('an allergy review marked reviewed is missed; a clarification recording the failed check passes', () => {
    const check: DrillCheck = { kind: 'review_decision', decision: 'needs_clarification', failedCheck: 'allergy' };
    const findings = [{ check: 'allergy', status: 'fail' as const }];
    const reviewed = { decision: 'reviewed' as const, findings, taskRef: null, recordedAt: at(2) };
    expect(one(check, { reviews: [reviewed] })?.reason).toMatch(/recorded as "Reviewed: OK to fill"/);
    const clarified = { decision: 'needs_clarification' as const, findings, taskRef: 'task-1', recordedAt: at(3) };
    expect(one(check, { reviews: [clarified] })?.passed).toBe(true);
  });
});

const verification = fc.record({
  outcome: fc.constantFrom('verified' as const, 'discrepancy' as const),
  recordedAt: fc.integer({ min: 0, max: 59 }).map(at),
  signOffs: fc.array(fc.record({ purpose: fc.constantFrom('controlled_count', 'picker_override', 'reverify') })),
});
const records: fc.Arbitrary<DrillRecords> = fc.record({
  verifications: fc.array(verification, { maxLength: 3 }),
  stops: fc.array(
    fc.record({
      kind: fc.constantFrom('not_on_order' as const, 'too_many' as const, 'expired_lot' as const),
      reason: fc.constantFrom(
        'removed' as const,
        'misread' as const,
        'count_corrected' as const,
        'pharmacist_approved' as const,
        'reported_as_task' as const,
        'other' as const,
      ),
      approvedBy: fc.constant(null),
    }),
    { maxLength: 3 },
  ),
  reviews: fc.constant([]),
  labelPrints: fc.array(
    fc.record({
      copy: fc.integer({ min: 1, max: 3 }),
      grounds: fc.constantFrom('verified' as const, 'pharmacist' as const, 'not_gated' as const),
      reprintReason: fc.option(fc.constantFrom('damaged', 'lost')),
      recordedAt: fc.integer({ min: 0, max: 59 }).map(at),
    }),
    { maxLength: 3 },
  ),
  tasks: fc.array(
    fc.record({ name: fc.string(), description: fc.string(), state: fc.constantFrom('queued', 'done') }),
    {
      maxLength: 3,
    },
  ),
  samePatient: fc.record({
    atStart: fc.option(fc.integer({ min: 0, max: 3 })),
    now: fc.option(fc.integer({ min: 0, max: 3 })),
  }),
});

describe('scoring any records', () => {
  const drills = loadDrills();

  it("judges every check of every drill, in the drill's order, with a reason", () => {
    fc.assert(
      fc.property(fc.constantFrom(...drills), records, (drill, r) => {
        const results = scoreDrill(drill.checks, r);
        expect(results.map((x) => x.check)).toEqual(drill.checks);
        for (const x of results) expect(x.reason.length).toBeGreaterThan(10);
      }),
    );
  });

  it('"not verified" passes exactly when no verification was recorded as verified', () => {
    fc.assert(
      fc.property(records, (r) => {
        const [result] = scoreDrill([{ kind: 'verification', expect: 'not_verified' }], r);
        expect(result?.passed).toBe(!r.verifications.some((v) => v.outcome === 'verified'));
      }),
    );
  });

  it('a stop check never passes when a stop of its kind was let go for a reason it does not allow', () => {
    fc.assert(
      fc.property(records, (r) => {
        const check: DrillCheck = { kind: 'stop_raised', stop: 'expired_lot', letGoAs: ['removed'] };
        const [result] = scoreDrill([check], r);
        const bad = r.stops.some((s) => s.kind === 'expired_lot' && s.reason !== 'removed');
        if (bad) expect(result?.passed).toBe(false);
      }),
    );
  });
});
