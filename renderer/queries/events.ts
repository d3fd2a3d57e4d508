// Order and prescription events: the ones main kept from this run (events:recent), then each order.event as it comes.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StationEventView } from '../../contract/ipc/events.ts';
import type { StationEventPayload } from '../../contract/ipc.ts';
import { onStationEvent, station, unwrap } from './station.ts';

export type FeedEvent = StationEventView;

export const eventsKey = ['events', 'recent'] as const;

/** As many as main keeps (events:recent answers at most 500): the feed is a recent history, not an archive. */
export const EVENTS_KEPT = 500;

const receivedMs = (event: FeedEvent): number => {
  const ms = Date.parse(event.receivedAt);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * One list, newest first, each event once (its `key` is the same whether the webhook or the poller brought it, and
 * across retries); at most `kept`. `incoming` arrived after `existing`, so it goes first among equal times.
 */
export function mergeEvents(
  existing: readonly FeedEvent[] | undefined,
  incoming: readonly FeedEvent[],
  kept = EVENTS_KEPT,
): FeedEvent[] {
  const byKey = new Map<string, FeedEvent>();
  for (const event of [...incoming, ...(existing ?? [])]) if (!byKey.has(event.key)) byKey.set(event.key, event);
  // A stable sort: events received in the same millisecond keep their order.
  const merged = [...byKey.values()].sort((a, b) => receivedMs(b) - receivedMs(a));
  return merged.slice(0, Math.max(0, kept));
}

async function fetchRecent(queryClient: QueryClient): Promise<FeedEvent[]> {
  const recent = await unwrap(station().events.recent({ limit: EVENTS_KEPT }));
  // An order.event may have landed in the cache while this call was under way: keep it.
  return mergeEvents(recent, queryClient.getQueryData<FeedEvent[]>(eventsKey) ?? []);
}

/** Every event received in this run, newest first. */
export function useRecentEvents() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: eventsKey,
    queryFn: () => fetchRecent(queryClient),
    // events:recent is the station's own memory, never stale by time: order.event keeps it current.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether a cached query is about the thing an event names (its id or its order number appear in the query key). */
function isAbout(queryKey: readonly unknown[], event: FeedEvent): boolean {
  return queryKey.some(
    (part) => part === event.subjectId || (event.orderNumber !== null && part === event.orderNumber),
  );
}

/** Takes one event in: into the list, and every view of its order or prescription is refreshed. */
export function receiveEvent(queryClient: QueryClient, event: FeedEvent): void {
  queryClient.setQueryData<FeedEvent[]>(eventsKey, (existing) => mergeEvents(existing, [event]));
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== eventsKey[0] && isAbout(query.queryKey, event),
  });
}

const streams = new WeakMap<QueryClient, { users: number; stop: () => void }>();

/**
 * Listens to order.event while any caller is mounted (one listener however many callers: the badge and the feed both
 * need the list current).
 */
export function useEventStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stream = streams.get(queryClient);
    if (!stream) {
      const stop = station().on('order.event', (event) => receiveEvent(queryClient, event));
      stream = { users: 0, stop };
      streams.set(queryClient, stream);
    }
    stream.users += 1;
    const mine = stream;
    return () => {
      mine.users -= 1;
      if (mine.users > 0) return;
      mine.stop();
      if (streams.get(queryClient) === mine) streams.delete(queryClient);
    };
  }, [queryClient]);
}

/** Calls `listener` with each interruption of this order main learns of (cancelled, held, items changed). */
export function onOrderInterrupted(
  orderId: string,
  listener: (event: StationEventPayload<'order.interrupted'>) => void,
) {
  return onStationEvent('order.interrupted', (event) => {
    if (event.orderId === orderId) listener(event);
  });
}
