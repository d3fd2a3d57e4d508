// The events the training service emits: each code with the name and description GET /notifications/events lists.
import {
  type deliverableEventCode,
  deliverableEventCodes,
  type NotificationEventCode,
} from '../../contract/service/notifications.ts';

export type EventCode = (typeof deliverableEventCode)['options'][number];

/** A type, not an interface: answers are checked against loose schemas, which want an index signature. */
export type EventInfo = {
  event_code: EventCode;
  name: string;
  description: string;
};

const info: Record<EventCode, Omit<EventInfo, 'event_code'>> = {
  'order.created': { name: 'Order created', description: 'A new order was received for fulfillment.' },
  'order.shipped': { name: 'Order shipped', description: 'An order left the pharmacy with its shipment.' },
  'order.delivered': { name: 'Order delivered', description: "An order's packages reached the patient." },
  'order.stuck': {
    name: 'Order stuck',
    description: 'An order cannot move on (too early to fill, no active prescription, no refills left).',
  },
  'prescription.cancelled': { name: 'Prescription cancelled', description: 'A prescription was cancelled.' },
};

/** Every event, in the contract's order. */
export const eventCatalogue: readonly EventInfo[] = deliverableEventCodes.map((code) => ({
  event_code: code,
  ...info[code],
}));

/** The event with this code, if the service knows it. */
export function findEvent(code: string): EventInfo | undefined {
  return eventCatalogue.find((event) => event.event_code === code);
}

/** The concrete events a subscription's codes cover (`all` covers every one). */
export function eventsCovered(codes: readonly string[]): EventInfo[] {
  return codes.includes('all' satisfies NotificationEventCode)
    ? [...eventCatalogue]
    : eventCatalogue.filter((event) => codes.includes(event.event_code));
}
