// The pharmacy's record: the facts every station obeys (a prescription reviewed, an order claimed or verified, a count
// witnessed, a label printed, stock taken, a setting changed, a drill's result). Each fact names the confirmed person
// and the station, and travels signed by the station's key (kits/signed-facts/): a station believes a fact for its
// signature, never for its body or the subject it came on. Main (main/events/record/) writes and reads it; the
// subjects below are where each kind lives on NATS JetStream, and the embedded record keeps the same subjects.
import { z } from 'zod';

/** The JetStream stream of the record (append-only: no delete, no purge, no rollup). */
export const RECORD_STREAM = 'PHARMACY_RECORD';
/** The key-value bucket of claims: only the current claim of an order matters. */
export const CLAIMS_BUCKET = 'PHARMACY_CLAIMS';
export const RECORD_SUBJECT_ROOT = 'record';

/** A claim lives this long after its last heartbeat: a station closed, crashed or gone frees the order by then. */
export const CLAIM_LIVES_MS = 2 * 60 * 1000;
/** How often a station renews its live claims. */
export const CLAIM_HEARTBEAT_MS = 30 * 1000;

/** NATS subject tokens may not hold `.`, `*`, `>` or white space: anything else becomes `_`. */
function token(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
  return cleaned === '' ? '_' : cleaned;
}

const id = z.string().min(1).max(200);
const shortText = z.string().max(200);
const digest = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

/** A station's public key as nkeys writes it (`U…`, 56 characters): the key its facts are signed with. */
export const stationPublicKey = z.string().regex(/^U[A-Z2-7]{55}$/, 'a station public key');

/** Who wrote the fact: the station (its name and key) and the person the service confirmed (id and display name). */
const origin = {
  /** Unique per fact (the writer's), so a resend is the same fact. */
  id: z.string().min(1).max(100),
  /** When the station wrote it (ISO 8601). */
  at: z.string().max(40),
  station: z.strictObject({ name: z.string().min(1).max(100), key: stationPublicKey }),
  person: z.strictObject({ id: id.nullable(), name: shortText, role: z.string().max(40).nullable() }),
};

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

const orderRef = { order_id: id, order_number: shortText.nullable() };
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
  finalChecked,
]);
export type RecordFact = z.infer<typeof recordFact>;
export type RecordFactKind = RecordFact['kind'];
export type FactOf<K extends RecordFactKind> = Extract<RecordFact, { kind: K }>;

/** A fact as it travels and is kept: the exact bytes signed (`body`, the fact's JSON), the signer and the signature. */
export const signedFact = z.strictObject({
  body: z.string().min(2).max(16_000),
  signer: stationPublicKey,
  /** ed25519 over the body's UTF-8 bytes, base64url. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'an ed25519 signature in base64url'),
});
export type SignedFact = z.infer<typeof signedFact>;

/** Where a fact lives: one subject per prescription's reviews, per order and kind, per product, setting and drill. */
export function factSubject(fact: RecordFact): string {
  const root = RECORD_SUBJECT_ROOT;
  switch (fact.kind) {
    case 'prescription_reviewed':
      return reviewSubject(fact.prescription_id);
    case 'order_claimed':
    case 'order_heartbeat':
    case 'order_released':
      return claimSubject(fact.order_id);
    case 'order_verified':
      return verifiedSubject(fact.order_id);
    case 'controlled_count':
      return `${root}.order.${token(fact.order_id)}.count`;
    case 'label_printed':
      return `${root}.order.${token(fact.order_id)}.label`;
    case 'stock_taken':
      return `${root}.stock.${token(fact.product_id)}`;
    case 'setting_changed':
      return `${root}.setting.${token(fact.name)}`;
    case 'drill_result':
      return `${root}.drill.${token(fact.drill_id)}`;
    case 'conflict_found':
      return `${root}.order.${token(fact.order_id)}.conflict`;
    case 'final_checked':
      return `${root}.order.${token(fact.order_id)}.final_check`;
  }
}

/** The subject of a prescription's review decisions: the newest on it decides. */
export function reviewSubject(prescriptionId: string): string {
  return `${RECORD_SUBJECT_ROOT}.rx.${token(prescriptionId)}`;
}

/** The subject of an order's claim, heartbeats and release (on NATS they live in the claims bucket instead). */
export function claimSubject(orderId: string): string {
  return `${RECORD_SUBJECT_ROOT}.order.${token(orderId)}.claim`;
}

/** The subject of an order's verification: written only while empty, so an order is verified once, pharmacy-wide. */
export function verifiedSubject(orderId: string): string {
  return `${RECORD_SUBJECT_ROOT}.order.${token(orderId)}.verified`;
}

/** The claims bucket's key of an order. */
export function claimKey(orderId: string): string {
  return `order.${token(orderId)}`;
}

/** The subject a claim read from the bucket under `key` must belong on (its fact names the order the key does). */
export function claimSubjectOfKey(key: string): string {
  return `${RECORD_SUBJECT_ROOT}.${key}.claim`;
}
