// Turning a webhook delivery into a StationEvent; the key scheme is the event-keys kit's (shared with the relay).
import type { WebhookDelivery } from '../../contract/service/notifications.ts';
import { eventKey } from '../../kits/event-keys/keys.ts';
import type { EventSource, StationEvent } from './types.ts';

export { canonicalJson, eventKey, ONCE_PER_RECORD_EVENTS } from '../../kits/event-keys/keys.ts';

export function toStationEvent(delivery: WebhookDelivery, source: EventSource, receivedAt: Date): StationEvent {
  const { data } = delivery;
  return {
    key: eventKey(delivery),
    eventCode: delivery.event_code,
    subjectId: data.id,
    orderNumber: data.order_number ?? null,
    statusCode: data.status_code ?? null,
    statusName: data.status_name ?? null,
    url: data.url === '' ? null : data.url,
    source,
    receivedAt: receivedAt.toISOString(),
  };
}
