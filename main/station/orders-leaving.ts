// An order that leaves without the pharmacy: when the service moves an order to shipped or delivered (its event, as
// every station hears it: webhook, poller or relay) while the pharmacy's record holds it unverified, or on hold (a
// prescription the record links to it whose newest review is not "OK to fill"), the station raises the pharmacist's
// alarm and the record keeps the fact (`order_left_unverified`, once per order and status, whichever station wrote it
// first). Main decides from the record alone; the event says only which order moved and to what.
import type { FactOf } from '../../contract/pharmacy-record.ts';
import { nameOf } from '../../rules/words/person-name.ts';
import type { StationEvent } from '../events/index.ts';
import type { DesktopNotification, NotificationPort } from '../events/notify/port.ts';
import type { PharmacyRecord } from '../events/record/record.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Session } from '../service/session/index.ts';
import type { StationEmitter } from './emitter.ts';

const LEAVING: ReadonlyMap<string, 'shipped' | 'delivered'> = new Map([
  ['order.shipped', 'shipped'],
  ['order.delivered', 'delivered'],
]);

type Reading = Pick<PharmacyRecord, 'verificationOf' | 'factsOf' | 'latestReview'>;
export type LeftWithoutPharmacy = { reason: 'unverified' | 'on_hold'; heldPrescription: string | null };

/** Why the order left without the pharmacy, by the record; null when the record holds it verified and not held. */
export function leftWithoutPharmacy(record: Reading, orderId: string): LeftWithoutPharmacy | null {
  const linked = new Set(
    record
      .factsOf('label_printed')
      .filter((fact) => fact.order_id === orderId)
      .map((fact) => fact.prescription_id),
  );
  for (const prescriptionId of linked) {
    const review = record.latestReview(prescriptionId);
    if (review && review.decision !== 'reviewed') return { reason: 'on_hold', heldPrescription: prescriptionId };
  }
  return record.verificationOf(orderId) ? null : { reason: 'unverified', heldPrescription: null };
}

/** The pharmacist's alarm for an order that left without the pharmacy (no patient, no drug: the order's number). */
export function leftAlarm(fact: FactOf<'order_left_unverified'>, click: () => void): DesktopNotification {
  const order = fact.order_number ? `Order ${fact.order_number}` : 'An order';
  const why =
    fact.reason === 'on_hold'
      ? "a prescription of it is on hold in the pharmacy's record"
      : "the pharmacy's record holds it unverified: no station verified it";
  return {
    title: fact.reason === 'on_hold' ? 'Order left on hold' : 'Order left unverified',
    body: `${order} was marked ${fact.status} at the service, but ${why}. A pharmacist checks what went out.`,
    orderId: fact.order_id,
    count: 1,
    eventKeys: [`record.left:${fact.order_id}:${fact.status}`],
    click,
  };
}

export interface OrdersLeavingParts {
  record: PharmacyRecord;
  session: Pick<Session, 'state'>;
  notifications: NotificationPort;
  emitter: Pick<StationEmitter, 'emit'>;
  log: Logger;
}

/** Watches the service's order events: an order leaving without the pharmacy raises the alarm and goes into the record. */
export function followOrdersLeaving(
  events: { onEvent(listener: (event: StationEvent) => void): () => void },
  parts: () => OrdersLeavingParts,
): () => void {
  const alarmed = new Set<string>();
  return events.onEvent((event) => {
    const status = LEAVING.get(event.eventCode);
    if (!status) return;
    void noticeLeaving(event, status, alarmed, parts()).catch((error: unknown) =>
      parts().log.warn('an order that left without the pharmacy was not recorded', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  });
}

async function noticeLeaving(
  event: StationEvent,
  status: 'shipped' | 'delivered',
  alarmed: Set<string>,
  parts: OrdersLeavingParts,
): Promise<void> {
  const orderId = event.subjectId;
  const left = leftWithoutPharmacy(parts.record, orderId);
  if (!left) return;
  const known = parts.record
    .factsOf('order_left_unverified')
    .find((fact) => fact.order_id === orderId && fact.status === status);
  const user = parts.session.state().user;
  const person = {
    id: user?.id ?? null,
    name: ((user && nameOf(user)) ?? 'nobody signed in').slice(0, 200),
    role: null,
  };
  const fact =
    known ??
    (
      await parts.record.append({
        kind: 'order_left_unverified',
        person,
        order_id: orderId,
        order_number: event.orderNumber?.slice(0, 200) ?? null,
        status,
        reason: left.reason,
        held_prescription: left.heldPrescription,
      })
    ).fact;
  if (fact.kind !== 'order_left_unverified' || alarmed.has(orderId)) return;
  // One alarm per order at this station (shipped, then delivered, is one order leaving).
  alarmed.add(orderId);
  parts.log.warn('an order left without the pharmacy', { order: fact.order_number, reason: fact.reason });
  parts.notifications.show(leftAlarm(fact, () => parts.emitter.emit('notification.clicked', { orderId })));
}
