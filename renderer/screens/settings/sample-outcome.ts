// What became of a sample sent to a listener: the service's delivery (from its log) and, when it went to this
// station, whether the event reached the station's feed.
import type { DeliveryLogEntry } from '../../../contract/service/notifications.ts';
import type { FeedEvent } from '../../queries/events.ts';

export interface SentSample {
  eventCode: string;
  /** The record id the sample's payload names (samples use fixed ids). */
  subjectId: string | null;
  /** When the station asked for it (this computer's clock). */
  sentAt: string;
  deliveryId: string | null;
  /** Whether it was sent to this station's own listener. */
  toListener: boolean;
}

export type Arrival =
  | { kind: 'arrived'; event: FeedEvent }
  /** The station lists each change once: an identical sample had already come, so this one is not listed again. */
  | { kind: 'already'; event: FeedEvent }
  | { kind: 'waiting' }
  | { kind: 'elsewhere' };

const ms = (iso: string): number => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : at;
};

/**
 * Whether the sample reached this station's feed: an event of its code and record received after it was sent.
 * `delivered`: what the delivery log says (null when the service keeps none); an earlier identical event explains a
 * missing new one only once the delivery was acknowledged.
 */
export function arrivalOf(
  sample: SentSample,
  events: readonly FeedEvent[] | undefined,
  delivered: boolean | null,
): Arrival {
  if (!sample.toListener || sample.subjectId === null) return { kind: 'elsewhere' };
  const same = (events ?? []).filter(
    (event) => event.eventCode === sample.eventCode && event.subjectId === sample.subjectId,
  );
  // A second of slack: the two clocks are the same computer's, but the event is stamped in main.
  const since = ms(sample.sentAt) - 1000;
  const fresh = same.find((event) => ms(event.receivedAt) >= since);
  if (fresh) return { kind: 'arrived', event: fresh };
  const earlier = same[0];
  return earlier && delivered !== false ? { kind: 'already', event: earlier } : { kind: 'waiting' };
}

/** The log entry of this sample: by its delivery id when the service said it. */
export function deliveryOf(sample: SentSample, log: readonly DeliveryLogEntry[] | undefined): DeliveryLogEntry | null {
  if (sample.deliveryId === null) return null;
  return (log ?? []).find((entry) => entry.id === sample.deliveryId) ?? null;
}

/** The id a sample payload names (`data.id`), or null. */
export function subjectOf(payload: unknown): string | null {
  if (payload === null || typeof payload !== 'object') return null;
  const data = (payload as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : null;
}
