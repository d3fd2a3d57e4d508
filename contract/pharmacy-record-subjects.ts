// Where each fact of the pharmacy's record lives: one subject per prescription's reviews, per order and kind, per
// product, setting, drill and enrolment, on NATS JetStream and in the embedded record alike.
import type { RecordFact } from './pharmacy-record.ts';
import { RECORD_SUBJECT_ROOT, token } from './pharmacy-record-parts.ts';

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
    case 'station_enrolled':
      return `${root}.enrolment.${token(fact.enrolled.key)}`;
    case 'order_left_unverified':
      return `${root}.order.${token(fact.order_id)}.left`;
    case 'verified_during_hold':
      return `${root}.order.${token(fact.order_id)}.hold-conflict`;
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
