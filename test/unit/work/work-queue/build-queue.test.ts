// The work queue built from what main read: the gate decides which prescription waits for review and which is held,
// the flags come from the service's controlled flag, the patient's age and the checks that need nothing more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../../contract/service/prescriptions.ts';
import { buildQueue, type QueueFacts } from '../../../../main/work/work-queue/build-queue.ts';
import limits from '../../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import type { ClinicalLimit } from '../../../../rules/clinical/check-model.ts';
import { readDrugClasses } from '../../../../rules/clinical/drug-vocabulary.ts';
import type { ReviewOfPrescription } from '../../../../rules/verification/fill-gate.ts';

const vocabulary = { limits: limits.entries as ClinicalLimit[], schedules, classes: readDrugClasses(table) };
const today = '2026-11-27';

function order(n: number, status: string, dob: string, drug: string, controlled = false): Order {
  return {
    id: `order-${n}`,
    order_number: String(1000100 + n),
    status,
    created_at: `2026-11-${String(10 + (n % 15)).padStart(2, '0')}T10:00:00Z`,
    patient: { id: `patient-${n}`, first_name: 'Riley', last_name: `Practis-${n}`, date_of_birth: dob },
    electronic_prescription_ids: [`erx-${n}`],
    products: { prescription: [{ id: `product-${n}`, name: drug, is_controlled_substance: controlled }] },
  };
}

function prescription(n: number, drug: string, extra: Record<string, unknown> = {}): PrescriptionItem {
  return {
    id: `rx-${n}`,
    electronic_prescription_id: `erx-${n}`,
    prescription_product_id: `product-${n}`,
    drug_name: drug,
    status: 'new',
    created_at: '2026-11-20T09:00:00Z',
    ...extra,
  };
}

const review = (decision: ReviewOfPrescription['decision'], email = 'parker@training.local'): ReviewOfPrescription => ({
  decision,
  taskRef: decision === 'reviewed' ? null : 'task-1',
  note: decision === 'reviewed' ? '' : 'Ask the prescriber',
  recordedAt: '2026-11-27T09:00:00Z',
  user: { name: 'Parker Pharmacist', email },
});

function facts(
  orders: Order[],
  prescriptions: PrescriptionItem[],
  reviews: Record<string, ReviewOfPrescription[]> = {},
): QueueFacts {
  return {
    orders,
    prescriptions,
    reviewsOf: (id) => reviews[id] ?? [],
    verifiedHere: () => false,
    taskName: (ref) => (ref === 'task-1' ? 'Needs clarification: Tramadol 50 mg' : null),
    me: 'parker@training.local',
    today,
    vocabulary,
  };
}

describe('the work queue from what main read', () => {
  it('tramadol for a six-year-old waits for review flagged controlled (C-IV), minor, and the age finding', () => {
    const queue = buildQueue(
      facts(
        [order(1, 'picked', '2020-05-01', 'Tramadol 50 mg Tablet', true)],
        [prescription(1, 'Tramadol', { strength: '50 mg', sig: 'Take 1 tablet every 6 hours', quantity: 20 })],
      ),
    );
    const [row] = queue.review;
    expect(row).toMatchObject({
      prescriptionId: 'rx-1',
      drug: 'Tramadol 50 mg',
      patient: { name: 'Riley Practis-1', age: 6 },
      flags: { controlled: true, schedule: 'IV', minor: true },
      hold: null,
    });
    expect(row?.flags.failedChecks.join(' ')).toMatch(/Tramadol is not for a patient of 6/);
    expect(queue.verify).toMatchObject([{ orderId: 'order-1', gate: 'not_reviewed' }]);
  });

  it("flags a minor by the rules' one rule: the service's is_minor first, the date of birth only when it says nothing", () => {
    const withFlag = (n: number, dob: string, isMinor: boolean | null) => {
      const o = order(n, 'picked', dob, 'Lisinopril 10 mg');
      return { ...o, patient: { ...o.patient!, is_minor: isMinor } };
    };
    const orders = [
      withFlag(1, '2020-05-01', null), // a child by the date of birth
      withFlag(2, '1980-01-01', null), // an adult by the date of birth
      withFlag(3, '2020-05-01', false), // the service says not a minor (emancipated), whatever the birth date
      withFlag(4, '2010-01-01', true), // a minor by both
      withFlag(5, '1990-01-01', true), // the service's flag wins even against an adult's birth date
    ];
    const rows = buildQueue(facts(orders, [])).verify;
    const minor = orders.map((o) => rows.find((row) => row.orderId === o.id)?.flags.minor);
    // The queue once let the age win, where the review's guardian check and the order view let the service's flag win.
    expect(minor).toEqual([true, false, false, true, true]);
  });

  it('a hold names the decision, the task and whose it is; "OK to fill" leaves both lists and opens the order', () => {
    const orders = [
      order(1, 'picked', '1980-01-01', 'Lisinopril 10 mg'),
      order(2, 'picked', '1980-01-01', 'Lisinopril'),
    ];
    const reviews = { 'rx-1': [review('needs_clarification')], 'rx-2': [review('reviewed')] };
    const queue = buildQueue(facts(orders, [prescription(1, 'Lisinopril'), prescription(2, 'Lisinopril')], reviews));
    expect(queue.review).toEqual([]);
    expect(queue.holds).toMatchObject([
      {
        prescriptionId: 'rx-1',
        hold: { decision: 'needs_clarification', mine: true, task: 'Needs clarification: Tramadol 50 mg' },
      },
    ]);
    expect(queue.verify.map((row) => [row.orderId, row.gate])).toEqual([
      ['order-1', 'held'],
      ['order-2', 'ok_to_fill'],
    ]);
  });

  it('only picked orders not verified here wait for verification', () => {
    const orders = [order(1, 'received', '1980-01-01', 'A'), order(2, 'picked', '1980-01-01', 'B')];
    const queue = buildQueue({ ...facts(orders, []), verifiedHere: (id) => id === 'order-2' });
    expect(queue.verify).toEqual([]);
  });

  it('every prescription of an open order that is not OK to fill is listed once, in review or in the holds', () => {
    const decision = fc.constantFrom(null, 'reviewed', 'needs_clarification', 'exception');
    const status = fc.constantFrom('new', 'exception', 'reviewed', 'verified', 'cancelled');
    fc.assert(
      fc.property(fc.array(fc.tuple(status, decision), { minLength: 1, maxLength: 12 }), (cases) => {
        const orders = cases.map((_, n) => order(n, 'data_entry', '1990-02-02', 'Metformin'));
        const prescriptions = cases.map(([s], n) => prescription(n, 'Metformin', { status: s }));
        const reviews = Object.fromEntries(
          cases.flatMap(([, d], n) => (d ? [[`rx-${n}`, [review(d as ReviewOfPrescription['decision'])]]] : [])),
        );
        const queue = buildQueue(facts(orders, prescriptions, reviews));
        const listed = [...queue.review, ...queue.holds].map((row) => row.prescriptionId);
        expect(new Set(listed).size).toBe(listed.length);
        cases.forEach(([s, d], n) => {
          // The service's exception holds whatever this station decided; a cancelled prescription is not filled at all.
          const held = s !== 'cancelled' && (d === 'needs_clarification' || d === 'exception' || s === 'exception');
          const ok = !held && (d === 'reviewed' || s === 'reviewed' || s === 'verified');
          const waiting = !held && !ok && s !== 'cancelled';
          expect(queue.holds.some((row) => row.prescriptionId === `rx-${n}`)).toBe(held);
          expect(queue.review.some((row) => row.prescriptionId === `rx-${n}`)).toBe(waiting);
        });
      }),
    );
  });
});
