// The one shape of an event inside the workstation, whether a webhook delivered it or the reconciliation poller found it.
import type { Operations } from '../../contract/service/operations.ts';
import type { ServiceClient } from '../service/client/index.ts';

/** Where an event came from; a change both announce is one event (the first to arrive wins). */
export type EventSource = 'webhook' | 'poller' | 'relay';

/**
 * What subscribers (the renderer) and the notifier receive. Deliberately without the patient's name: it is not needed
 * to refresh a view or to word a notification, so it is neither stored in the inbox nor passed on.
 */
export interface StationEvent {
  /** The deduplication key (see keys.ts); stable across retries and across the webhook and the poller. */
  key: string;
  /** `order.created`, `order.shipped`, `order.delivered`, `order.stuck`, `prescription.cancelled`, or a future code. */
  eventCode: string;
  /** `data.id` of the delivery: the order's id for order events, the prescription's for prescription events. */
  subjectId: string;
  orderNumber: string | null;
  statusCode: string | null;
  statusName: string | null;
  /** The deep link into the service's dashboard, when the service sent one. */
  url: string | null;
  source: EventSource;
  /** When the workstation first recorded it (ISO 8601). */
  receivedAt: string;
}

export type EventListener = (event: StationEvent) => void;

/** Where new events go; the inbox has already recorded them when this is called. */
export interface EventSink {
  /** Records the events durably (duplicates recognised) and fans the new ones out. Answers, per event, whether it was new. */
  accept(events: readonly StationEvent[]): Promise<boolean[]>;
}

/** The service client of the whole contract; null while nobody is signed in. */
export type StationClient = ServiceClient<Operations>;
