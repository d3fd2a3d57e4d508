// The work queue from what main read: the open orders, the prescriptions the service says are not reviewed, and this
// station's review decisions. Which prescription waits for review and which is held is the pharmacist's gate
// (rules/verification/fill-gate.ts); the flags are the service's controlled flag, whether the patient is a minor on
// main's calendar (rules/days.ts: the service's is_minor first, then the age, as the review's guardian check), and the
// checks that need nothing more than the prescription and the patient (age and dose, controlled-substance rules, days
// supply). Pure: the reads and the clock are passed in.
import type { QueueFlags, QueueHold, QueueOrder, QueuePrescription } from '../../../contract/ipc/work-queue.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import type { ClinicalLimit } from '../../../rules/clinical/check-model.ts';
import type { CheckInput } from '../../../rules/clinical/checks.ts';
import { controlledCheck, limitsCheck, supplyCheck } from '../../../rules/clinical/checks-limits.ts';
import type { DrugClasses } from '../../../rules/clinical/drug-vocabulary.ts';
import { ageOn, type Day, isMinor } from '../../../rules/days.ts';
import { fillStateOf, type ReviewOfPrescription } from '../../../rules/verification/fill-gate.ts';
import { type ScheduleVocabulary, scheduleOf } from '../../../rules/verification/schedule.ts';
import { serviceName } from '../../../rules/words/person-name.ts';

export interface QueueFacts {
  orders: readonly Order[];
  /** The prescriptions of the open orders as read (list and electronic prescriptions together). */
  prescriptions: readonly PrescriptionItem[];
  reviewsOf(prescriptionId: string): readonly ReviewOfPrescription[];
  /** Orders this station recorded as verified (they leave the verify list even before the service says so). */
  verifiedHere(orderId: string): boolean;
  taskName(ref: string): string | null;
  /** The email of the person signed in (their holds are "mine"). */
  me: string;
  /** Their service id: a hold in the pharmacy's record names the person by it. */
  meId?: string | null;
  today: Day;
  vocabulary: { limits: readonly ClinicalLimit[]; schedules: ScheduleVocabulary; classes: DrugClasses };
}

type Line = NonNullable<NonNullable<Order['products']>['prescription']>[number];

const linesOf = (order: Order): Line[] => order.products?.prescription ?? [];

function patientOf(order: Order, today: Day) {
  const age = ageOn(order.patient?.date_of_birth, today);
  return { name: serviceName(order.patient), age };
}

function drugOf(prescription: PrescriptionItem, line: Line | undefined): string {
  const said = prescription.drug_name ?? prescription.name ?? line?.name ?? 'a prescription';
  const strength = prescription.strength;
  return strength && !said.includes(strength) ? `${said} ${strength}` : said;
}

/** The checks that need only the prescription and the patient, as the words of each one that did not pass. */
function failedChecksOf(prescription: PrescriptionItem, line: Line | undefined, order: Order, facts: QueueFacts) {
  const input: CheckInput = {
    prescription,
    product: (line as CheckInput['product']) ?? null,
    patient: order.patient ?? null,
    prescriber: null,
    riskFactors: [],
    patientPrescriptions: [],
    shippingState: null,
    today: facts.today,
    classes: facts.vocabulary.classes,
    limits: facts.vocabulary.limits,
    schedules: facts.vocabulary.schedules,
  };
  return [limitsCheck(input), controlledCheck(input), supplyCheck(input)]
    .filter((check) => check.status === 'fail')
    .map((check) => check.reason);
}

function flagsOf(order: Order, lines: readonly Line[], failedChecks: string[], facts: QueueFacts): QueueFlags {
  const controlled = lines.filter((line) => line.is_controlled_substance === true);
  const scheduled = lines
    .map((line) => scheduleOf(line as Record<string, unknown>, facts.vocabulary.schedules))
    .find((schedule) => schedule !== null);
  return {
    controlled: controlled.length > 0 || scheduled !== undefined,
    schedule: scheduled ?? null,
    minor: isMinor(order.patient, facts.today) === true,
    failedChecks,
  };
}

function holdOf(prescription: PrescriptionItem, facts: QueueFacts): QueueHold | null {
  const state = fillStateOf(prescription.status, facts.reviewsOf(prescription.id));
  if (state.kind !== 'held') return null;
  const review = state.review;
  return {
    decision: state.decision,
    by: review ? (review.user.name ?? review.user.email) : null,
    mine: review
      ? (review.user.email !== '' && review.user.email === facts.me) ||
        (!!review.user.id && review.user.id === facts.meId)
      : false,
    note: review?.note ?? '',
    task: review?.taskRef ? (facts.taskName(review.taskRef) ?? null) : null,
    recordedAt: review?.recordedAt ?? null,
  };
}

const oldestFirst = <T extends { since: string | null }>(a: T, b: T) => (a.since ?? '').localeCompare(b.since ?? '');

export function buildQueue(facts: QueueFacts): {
  review: QueuePrescription[];
  verify: QueueOrder[];
  holds: QueuePrescription[];
} {
  const byElectronic = new Map<string, PrescriptionItem[]>();
  for (const prescription of facts.prescriptions) {
    const key = prescription.electronic_prescription_id ?? '';
    byElectronic.set(key, [...(byElectronic.get(key) ?? []), prescription]);
  }
  const review: QueuePrescription[] = [];
  const holds: QueuePrescription[] = [];
  const verify: QueueOrder[] = [];
  for (const order of facts.orders) {
    const lines = linesOf(order);
    const prescriptions = (order.electronic_prescription_ids ?? []).flatMap((id) => byElectronic.get(id) ?? []);
    let gate: QueueOrder['gate'] = 'ok_to_fill';
    const orderFailures: string[] = [];
    for (const prescription of prescriptions) {
      const state = fillStateOf(prescription.status, facts.reviewsOf(prescription.id));
      if (state.kind === 'ok_to_fill' || state.kind === 'cancelled') continue;
      const line = lines.find((l) => l.id === prescription.prescription_product_id);
      const failedChecks = failedChecksOf(prescription, line, order, facts);
      orderFailures.push(...failedChecks);
      const row: QueuePrescription = {
        prescriptionId: prescription.id,
        drug: drugOf(prescription, line),
        orderId: order.id,
        orderNumber: order.order_number ?? null,
        patient: patientOf(order, facts.today),
        flags: flagsOf(order, line ? [line] : [], failedChecks, facts),
        since: prescription.created_at ?? null,
        hold: holdOf(prescription, facts),
      };
      if (row.hold) {
        holds.push(row);
        gate = 'held';
      } else {
        review.push(row);
        if (gate !== 'held') gate = 'not_reviewed';
      }
    }
    if (order.status !== 'picked' || facts.verifiedHere(order.id)) continue;
    verify.push({
      orderId: order.id,
      orderNumber: order.order_number ?? null,
      drugs: lines.map((line) => line.name ?? 'a prescription line'),
      patient: patientOf(order, facts.today),
      flags: flagsOf(order, lines, [...new Set(orderFailures)], facts),
      since: order.created_at ?? null,
      gate,
    });
  }
  // The person's own holds first, then the oldest.
  holds.sort((a, b) => Number(b.hold?.mine) - Number(a.hold?.mine) || oldestFirst(a, b));
  return { review: review.sort(oldestFirst), verify: verify.sort(oldestFirst), holds };
}
