// A service event as the relay published it, made the inbox's event: the relay's key, so a webhook or poll of the
// same change is one event.
import type { ServiceEventMessage } from '../../contract/pharmacy-stream.ts';
import type { StationEvent } from './types.ts';

/** The inbox's event for a relayed service event: the relay's key, so a webhook or poll of the same change is one. */
export function relayedEvent(message: ServiceEventMessage, receivedAt: Date): StationEvent {
  return {
    key: message.key,
    eventCode: message.event_code,
    subjectId: message.data.id,
    orderNumber: message.data.order_number,
    statusCode: message.data.status_code,
    statusName: message.data.status_name,
    url: message.data.url === '' ? null : message.data.url,
    source: 'relay',
    receivedAt: receivedAt.toISOString(),
  };
}
