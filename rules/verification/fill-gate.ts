// The pharmacist's gate: a prescription line is verified, and its label printed, only once its prescription is "OK to
// fill" — a pharmacist's review decision in the pharmacy's record (any station's, the newest), or the service's
// status reviewed/verified. A clarification or an exception holds it and names its task; an OK whose prescription or
// patient changed since no longer counts. Main decides by it; the screens show the same answer.

export type ReviewDecisionWord = 'reviewed' | 'needs_clarification' | 'exception';

/** A pharmacist's review decision as the pharmacy's record (or, from before it, this station's audit log) keeps it. */
export interface ReviewOfPrescription {
  decision: ReviewDecisionWord;
  taskRef: string | null;
  note: string;
  recordedAt: string;
  /** Who decided: their email in this station's log; in the pharmacy's record their service id (no email there). */
  user: { name: string | null; email: string; id?: string | null };
  /** Where it was given, when another station of the pharmacy's record gave it. */
  station?: string | null;
  /**
   * true when what the pharmacist reviewed (the prescription, the patient's risk factors) is no longer what main
   * reads from the service now: an "OK to fill" then no longer counts.
   */
  changedSince?: boolean;
}

/** A prescription as the service answers it (what the gate reads of it). */
export interface PrescriptionForGate {
  id: string;
  status?: string | null;
  prescription_product_id?: string | null;
  drug_name?: string | null;
  name?: string | null;
  strength?: string | null;
  /** The NDC as written, when the prescriber sent one. */
  product_code?: string | null;
}

export type FillState =
  | { kind: 'ok_to_fill'; by: 'station' | 'service' }
  | {
      kind: 'held';
      decision: 'needs_clarification' | 'exception';
      /** This station's record of the decision; null when the service's status says so. */
      review: ReviewOfPrescription | null;
    }
  | { kind: 'not_reviewed' }
  | { kind: 'changed_since_review'; review: ReviewOfPrescription }
  | { kind: 'cancelled' };

/** Statuses of the service that mean a pharmacist reviewed the prescription. */
const REVIEWED_BY_SERVICE = new Set(['reviewed', 'verified']);

/**
 * Whether the prescription may be filled now. Held whenever the newest decision holds it, or the service says
 * exception or cancelled (a hold is never undone by an older "OK" or by the other side); OK to fill when the newest
 * decision is "reviewed" and what it reviewed has not changed since, or, with no decision, when the service says
 * reviewed or verified.
 * `reviews` are newest first.
 */
export function fillStateOf(status: string | null | undefined, reviews: readonly ReviewOfPrescription[]): FillState {
  if (status === 'cancelled') return { kind: 'cancelled' };
  const latest = reviews[0] ?? null;
  if (latest && latest.decision !== 'reviewed') return { kind: 'held', decision: latest.decision, review: latest };
  if (status === 'exception') return { kind: 'held', decision: 'exception', review: null };
  if (latest?.changedSince) return { kind: 'changed_since_review', review: latest };
  if (latest) return { kind: 'ok_to_fill', by: 'station' };
  if (status && REVIEWED_BY_SERVICE.has(status)) return { kind: 'ok_to_fill', by: 'service' };
  return { kind: 'not_reviewed' };
}

/** One prescription line of an order that may not be verified or labelled now, and why. */
export interface LineHold {
  productId: string;
  /** The drug as the line names it. */
  drug: string;
  /** The prescription of the order that names this product; null when none does (or none could be read). */
  prescriptionId: string | null;
  state: FillState | { kind: 'no_prescription' } | { kind: 'unread' };
}

/**
 * The holds of an order's prescription lines, given the prescriptions of the order (null: they could not be read) and
 * this station's review decisions of each (newest first). A line whose product no prescription of the order names is
 * held too: a prescription for one drug never lets another be filled.
 */
export function holdsOfLines(
  lines: readonly { productId: string; kind: string; name: string | null }[],
  prescriptions: readonly PrescriptionForGate[] | null,
  reviewsOf: (prescriptionId: string) => readonly ReviewOfPrescription[],
): LineHold[] {
  const holds: LineHold[] = [];
  for (const line of lines) {
    if (line.kind !== 'prescription') continue;
    const drug = line.name ?? 'this prescription line';
    if (prescriptions === null) {
      holds.push({ productId: line.productId, drug, prescriptionId: null, state: { kind: 'unread' } });
      continue;
    }
    const named = prescriptions.filter((p) => p.prescription_product_id === line.productId);
    if (named.length === 0) {
      holds.push({ productId: line.productId, drug, prescriptionId: null, state: { kind: 'no_prescription' } });
      continue;
    }
    const states = named.map((p) => ({ id: p.id, state: fillStateOf(p.status, reviewsOf(p.id)) }));
    const blocking = states.find((s) => s.state.kind !== 'ok_to_fill');
    if (blocking) holds.push({ productId: line.productId, drug, prescriptionId: blocking.id, state: blocking.state });
  }
  return holds;
}

const DECISION_WORDS = { needs_clarification: 'Needs clarification', exception: 'Exception' } as const;

/** The hold as a technician reads it: what holds the line, and the task that follows it up. */
export function holdWords(hold: LineHold, taskName: string | null = null): string {
  const state = hold.state;
  switch (state.kind) {
    case 'held': {
      const at = state.review?.station ? ` at ${state.review.station}` : '';
      const who = state.review ? ` by ${state.review.user.name ?? state.review.user.email}${at}` : ' by the service';
      const task = state.review?.taskRef
        ? ` Follow the task "${taskName ?? `${DECISION_WORDS[state.decision]}: ${hold.drug}`}" linked to the prescription.`
        : '';
      const said = state.review?.note.trim() ?? '';
      const note = said ? ` Note: ${said}${/[.!?]$/.test(said) ? '' : '.'}` : '';
      return `Held: ${hold.drug} is marked ${DECISION_WORDS[state.decision]}${who}.${note}${task}`;
    }
    case 'not_reviewed':
      return `Not reviewed: a pharmacist reviews the prescription for ${hold.drug} ("OK to fill") before it is verified or labelled.`;
    case 'changed_since_review':
      return `Changed since review: the prescription for ${hold.drug} (its quantity, days supply, refills, directions, product or prescriber) or the patient's risk factors changed after the "OK to fill", so a pharmacist reviews it again before it is verified or labelled.`;
    case 'cancelled':
      return `Cancelled: the prescription for ${hold.drug} is cancelled and is not filled.`;
    case 'no_prescription':
      return `No prescription on this order names ${hold.drug}: it is not filled until a prescription for it is on the order.`;
    case 'unread':
      return `The prescriptions of this order could not be read, so ${hold.drug} cannot be shown as reviewed: try again when the service answers.`;
    default:
      return `${hold.drug} may not be filled now.`;
  }
}
