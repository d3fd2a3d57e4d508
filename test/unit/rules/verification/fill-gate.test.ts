// The pharmacist's gate as a rule: a prescription is "OK to fill" only by a pharmacist's review (this station's newest
// decision, or the service's reviewed/verified), a hold is never undone by an older OK or by the other side, and a line
// no prescription of the order names is held.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prescriptionStatusValues } from '../../../../contract/service/prescriptions.ts';
import {
  fillStateOf,
  holdsOfLines,
  holdWords,
  type ReviewOfPrescription,
} from '../../../../rules/verification/fill-gate.ts';

const decision = fc.constantFrom('reviewed', 'needs_clarification', 'exception') as fc.Arbitrary<
  ReviewOfPrescription['decision']
>;
const review: fc.Arbitrary<ReviewOfPrescription> = fc.record({
  decision,
  taskRef: fc.option(fc.uuid(), { nil: null }),
  note: fc.string({ maxLength: 40 }),
  recordedAt: fc.constant('2026-11-27T09:00:00.000Z'),
  user: fc.record({ name: fc.option(fc.string({ maxLength: 20 }), { nil: null }), email: fc.constant('p@x.test') }),
});
const status = fc.option(fc.oneof(fc.constantFrom(...prescriptionStatusValues), fc.string({ maxLength: 12 })), {
  nil: null,
});

describe('whether a prescription is OK to fill', () => {
  it('an OK whose prescription or patient changed since is never OK to fill, and a hold stays a hold', () => {
    fc.assert(
      fc.property(status, review, fc.array(review, { maxLength: 4 }), (serviceStatus, newest, older) => {
        const state = fillStateOf(serviceStatus, [{ ...newest, changedSince: true }, ...older]);
        expect(state.kind).not.toBe('ok_to_fill');
        if (newest.decision !== 'reviewed' && serviceStatus !== 'cancelled') expect(state.kind).toBe('held');
      }),
    );
  });

  it('a hold given at another station names the pharmacist and that station', () => {
    const hold = {
      productId: 'p-1',
      drug: 'Sertraline 50 mg',
      prescriptionId: 'rx-1',
      state: fillStateOf('new', [
        {
          decision: 'needs_clarification' as const,
          taskRef: null,
          note: '',
          recordedAt: '2026-11-27T09:00:00.000Z',
          user: { name: 'Parker Pharmacist', email: 'p@x.test' },
          station: 'Station 5',
        },
      ]),
    };
    expect(holdWords(hold)).toBe(
      'Held: Sertraline 50 mg is marked Needs clarification by Parker Pharmacist at Station 5.',
    );
  });

  it('is OK only after a pharmacist reviewed it: here as the newest decision, or at the service with none here', () => {
    fc.assert(
      fc.property(status, fc.array(review, { maxLength: 5 }), (serviceStatus, reviews) => {
        const state = fillStateOf(serviceStatus, reviews);
        const newest = reviews[0];
        const ok = state.kind === 'ok_to_fill';
        const expected =
          serviceStatus !== 'cancelled' &&
          serviceStatus !== 'exception' &&
          (newest ? newest.decision === 'reviewed' : serviceStatus === 'reviewed' || serviceStatus === 'verified');
        expect(ok).toBe(expected);
      }),
    );
  });

  it('a clarification or an exception recorded here holds it, whatever came before or the service says', () => {
    fc.assert(
      fc.property(status, review, fc.array(review, { maxLength: 4 }), (serviceStatus, newest, older) => {
        fc.pre(newest.decision !== 'reviewed' && serviceStatus !== 'cancelled');
        const state = fillStateOf(serviceStatus, [newest, ...older]);
        expect(state).toEqual({ kind: 'held', decision: newest.decision, review: newest });
      }),
    );
  });

  it('a new prescription nobody reviewed is not OK to fill, and the words say a pharmacist reviews it first', () => {
    const state = fillStateOf('new', []);
    expect(state).toEqual({ kind: 'not_reviewed' });
    const words = holdWords({ productId: 'p', drug: 'Tramadol 50 mg tablet', prescriptionId: 'rx', state });
    expect(words).toMatch(/^Not reviewed: a pharmacist reviews the prescription for Tramadol 50 mg tablet/);
  });

  it('a held line names the decision, who took it and the task', () => {
    const held = {
      decision: 'needs_clarification' as const,
      taskRef: 'outbox-1',
      note: 'age 6',
      recordedAt: '2026-11-27T09:00:00.000Z',
      user: { name: 'Pat Pharmacist', email: 'p@x.test' },
    };
    const hold = { productId: 'p', drug: 'Tramadol', prescriptionId: 'rx', state: fillStateOf('new', [held]) };
    expect(holdWords(hold, 'Needs clarification: Tramadol 50 mg')).toBe(
      'Held: Tramadol is marked Needs clarification by Pat Pharmacist. Note: age 6. Follow the task ' +
        '"Needs clarification: Tramadol 50 mg" linked to the prescription.',
    );
  });
});

describe('the holds on an order’s lines', () => {
  const line = (productId: string, kind = 'prescription') => ({ productId, kind, name: `drug ${productId}` });
  it('holds every prescription line whose prescription is not OK, or that no prescription names, and never another kind', () => {
    const lineArb = fc.record({
      productId: fc.constantFrom('a', 'b', 'c'),
      kind: fc.constantFrom('prescription', 'non_prescription', 'order_material'),
      name: fc.constant('x'),
    });
    const rx = fc.record({ id: fc.uuid(), status, prescription_product_id: fc.constantFrom('a', 'b', 'z') });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 4 }), fc.array(rx, { maxLength: 4 }), (lines, prescriptions) => {
        const holds = holdsOfLines(lines, prescriptions, () => []);
        for (const l of lines) {
          const named = prescriptions.filter((p) => p.prescription_product_id === l.productId);
          const ok = named.length > 0 && named.every((p) => p.status === 'reviewed' || p.status === 'verified');
          const held = holds.some((h) => h.productId === l.productId);
          if (l.kind !== 'prescription')
            expect(
              holds.every((h) => lines.some((m) => m.productId === h.productId && m.kind === 'prescription')),
            ).toBe(true);
          else expect(held).toBe(!ok);
        }
      }),
    );
  });

  it('a prescription for one drug does not let another be filled; unread prescriptions hold every prescription line', () => {
    const hydrocortisone = { id: 'rx-1', status: 'reviewed', prescription_product_id: 'hydrocortisone' };
    expect(holdsOfLines([line('metformin')], [hydrocortisone], () => [])).toMatchObject([
      { productId: 'metformin', state: { kind: 'no_prescription' } },
    ]);
    expect(holdsOfLines([line('metformin'), line('box', 'order_material')], null, () => [])).toMatchObject([
      { productId: 'metformin', state: { kind: 'unread' } },
    ]);
  });
});
