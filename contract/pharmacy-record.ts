// The pharmacy's record: the facts every station obeys (a prescription reviewed, an order claimed or verified, a count
// witnessed, a label printed, stock taken, a setting changed, a drill's result). Each fact names the confirmed person
// and the station, and travels signed by the station's key (kits/signed-facts/): a station believes a fact for its
// signature, never for its body or the subject it came on. Main (main/events/record/) writes and reads it; the
// subjects (pharmacy-record-subjects.ts) are where each kind lives on NATS JetStream, and the embedded record keeps the same subjects.
import { z } from 'zod';
import {
  digest,
  id,
  orderRef,
  origin,
  pharmacyPublicKey,
  shortText,
  stationPublicKey,
} from './pharmacy-record-parts.ts';
import { dispensedPart, recordAway } from './pharmacy-record-verified.ts';

export { pharmacyPublicKey, RECORD_SUBJECT_ROOT, stationPublicKey } from './pharmacy-record-parts.ts';
export { dispensedPart } from './pharmacy-record-verified.ts';

/** The JetStream stream of the record (append-only: no delete, no purge, no rollup). */
export const RECORD_STREAM = 'PHARMACY_RECORD';
/** The key-value bucket of claims: only the current claim of an order matters. */
export const CLAIMS_BUCKET = 'PHARMACY_CLAIMS';

/** A claim lives this long after its last heartbeat: a station closed, crashed or gone frees the order by then. */
export const CLAIM_LIVES_MS = 2 * 60 * 1000;
/** How often a station renews its live claims. */
export const CLAIM_HEARTBEAT_MS = 30 * 1000;

export const reviewDecisions = ['reviewed', 'needs_clarification', 'exception'] as const;

export const prescriptionReviewed = z.strictObject({
  ...origin,
  kind: z.literal('prescription_reviewed'),
  prescription_id: id,
  decision: z.enum(reviewDecisions),
  /** The findings the pharmacist acknowledged (their codes). */
  findings: z.array(z.string().max(100)).max(50),
  note: z.string().max(1000),
  task_ref: id.nullable(),
  /** SHA-256 of what was reviewed (drug, strength, quantity, directions, prescriber, the patient's risk factors). */
  digest,
});

export const orderClaimed = z.strictObject({ ...origin, kind: z.literal('order_claimed'), ...orderRef });
export const orderHeartbeat = z.strictObject({ ...origin, kind: z.literal('order_heartbeat'), ...orderRef });
export const orderReleased = z.strictObject({ ...origin, kind: z.literal('order_released'), ...orderRef });

export const orderVerified = z.strictObject({
  ...origin,
  kind: z.literal('order_verified'),
  ...orderRef,
  lines: z
    .array(z.strictObject({ product_id: id, counted: z.number().int().min(0), lots: z.array(shortText).max(20) }))
    .max(100),
  /** The pharmacist's final check and its grounds, when one was needed. */
  final_check: z.strictObject({ by: shortText, grounds: z.string().max(1000) }).nullable(),
  dispensed: dispensedPart.optional(),
  record_away: recordAway.optional(),
});

export const controlledCount = z.strictObject({
  ...origin,
  kind: z.literal('controlled_count'),
  ...orderRef,
  product_id: id,
  count: z.number().int().min(0),
  witness: shortText,
});

export const labelPrinted = z.strictObject({
  ...origin,
  kind: z.literal('label_printed'),
  ...orderRef,
  /** The prescription the label is for. */
  prescription_id: id,
  content_hash: digest,
  copy: z.number().int().min(1),
  /** The lot numbers the verification counted for the label's line (the stock in the vial); absent before kept. */
  lots: z.array(shortText).max(20).optional(),
  /** Printed before the pharmacist's final check, with the band saying so; absent on a final label. */
  awaiting_final_check: z.literal(true).optional(),
});

export const stockTaken = z.strictObject({
  ...origin,
  kind: z.literal('stock_taken'),
  product_id: id,
  lot: shortText.nullable(),
  count: z.number().int().min(0),
});

export const settingChanged = z.strictObject({
  ...origin,
  kind: z.literal('setting_changed'),
  name: z.string().min(1).max(100),
  /** The new value as JSON. */
  value: z.string().max(4000),
});

export const drillResult = z.strictObject({
  ...origin,
  kind: z.literal('drill_result'),
  drill_id: id,
  passed: z.boolean(),
  score: z.number().min(0).max(100),
});

/**
 * A conflict a station found on return: its verification of an order, made while the record could not be reached,
 * came after another station's. Every station raises an alarm to the pharmacist for it.
 */
export const conflictFound = z.strictObject({
  ...origin,
  kind: z.literal('conflict_found'),
  ...orderRef,
  /** The station whose verification stands. */
  verified_at: shortText.nullable(),
  /** The fact of this station's that the record refused. */
  refused_fact: z.string().min(1).max(100),
});

/**
 * A station enrolled: the pharmacy (its key, the `station` of this fact) vouches for a station's key. A station
 * believes another's facts only when an enrolment signed by the pharmacy's key names the key they are signed with.
 */
export const stationEnrolled = z.strictObject({
  ...origin,
  station: z.strictObject({ name: z.string().min(1).max(100), key: pharmacyPublicKey }),
  kind: z.literal('station_enrolled'),
  enrolled: z.strictObject({
    name: z.string().min(1).max(100),
    key: stationPublicKey,
    /** `relay`: the pharmacy's events relay, whose signature on a service event stations believe. */
    role: z.enum(['station', 'relay']).optional(),
  }),
});

/** Why an order the service moved to shipped or delivered left without the pharmacy. */
export const leftWithoutPharmacyReasons = ['unverified', 'on_hold'] as const;

/**
 * An order left without the pharmacy: the service moved it to shipped or delivered while the record held it unverified,
 * or held (a prescription of it, as the record links it, whose newest review is not "OK to fill"). Every station
 * raises an alarm to the pharmacist for it. The person is whoever was signed in at the station that noticed, if anyone.
 */
export const orderLeftUnverified = z.strictObject({
  ...origin,
  kind: z.literal('order_left_unverified'),
  ...orderRef,
  status: z.enum(['shipped', 'delivered']),
  reason: z.enum(leftWithoutPharmacyReasons),
  /** The held prescription (on_hold), else null. */
  held_prescription: id.nullable(),
});

/**
 * A verification made during a hold elsewhere, found on return: this station verified the order while the record could
 * not be reached, and another station's hold on one of its prescriptions was in force then (given before it, unseen
 * here). The verification stands in the record; every station raises an alarm to the pharmacist for it.
 */
export const verifiedDuringHold = z.strictObject({
  ...origin,
  kind: z.literal('verified_during_hold'),
  ...orderRef,
  prescription_id: id,
  /** The station whose hold was in force, and its decision. */
  held_at: shortText,
  hold: z.enum(['needs_clarification', 'exception']),
  /** This station's verification that came during the hold. */
  verification_fact: z.string().min(1).max(100),
});

/**
 * A pharmacist's final check by scan of a technician's verification (tech-check-tech not allowed): the stock bottle and
 * the label scanned against the order main read. `passed`: the label of that prescription is final; `stopped`: a hard
 * stop (the product, its lot or the label did not match), the label still waits. `order_done`: after this check every
 * prescription line of the order has passed one, so it leaves the pharmacy's "waiting for final check" list.
 */
export const finalChecked = z.strictObject({
  ...origin,
  kind: z.literal('final_checked'),
  ...orderRef,
  prescription_id: id.nullable(),
  product_id: id.nullable(),
  outcome: z.enum(['passed', 'stopped']),
  /** Why it stopped (product, lot or label), in words; empty when it passed. */
  reason: z.string().max(1000),
  lot: shortText.nullable(),
  order_done: z.boolean(),
});

export const recordFact = z.discriminatedUnion('kind', [
  prescriptionReviewed,
  orderClaimed,
  orderHeartbeat,
  orderReleased,
  orderVerified,
  controlledCount,
  labelPrinted,
  stockTaken,
  settingChanged,
  drillResult,
  conflictFound,
  stationEnrolled,
  orderLeftUnverified,
  verifiedDuringHold,
  finalChecked,
]);
export type RecordFact = z.infer<typeof recordFact>;
export type RecordFactKind = RecordFact['kind'];
export type FactOf<K extends RecordFactKind> = Extract<RecordFact, { kind: K }>;

/** A fact as it travels and is kept: the exact bytes signed (`body`, the fact's JSON), the signer and the signature. */
export const signedFact = z.strictObject({
  body: z.string().min(2).max(16_000),
  /** A station's key, or the pharmacy's (an enrolment). */
  signer: z.union([stationPublicKey, pharmacyPublicKey]),
  /** ed25519 over the body's UTF-8 bytes, base64url. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'an ed25519 signature in base64url'),
});
export type SignedFact = z.infer<typeof signedFact>;
