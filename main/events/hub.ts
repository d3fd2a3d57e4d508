// The fan-out: new events go to every subscriber (the renderer, the notifier) after the inbox has recorded them.
import type { Logger } from '../platform/log/logger.ts';
import { createGroupCommit, type EventInbox } from './inbox.ts';
import type { EventListener, EventSink, StationEvent } from './types.ts';

export interface EventHub {
  /** Every new event, once; answers the function that unsubscribes. */
  onEvent(listener: EventListener): () => void;
  publish(event: StationEvent): void;
}

export function createEventHub(logger?: Logger): EventHub {
  const listeners = new Set<EventListener>();
  return {
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          // One failing subscriber must not keep the event from the others, nor fail the delivery.
          logger?.error('an event subscriber failed', {
            eventCode: event.eventCode,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}

export interface EventPipeline extends EventSink {
  /** Hands on the events recorded but not dispatched before the last stop (a crash between 2xx and fan-out). */
  replay(): number;
  /** Writes the pending "dispatched" marks; call before closing the database. */
  close(): void;
}

/** How long a "dispatched" mark may wait for the next delivery's transaction to carry it. */
const MARK_DELAY_MS = 250;

/**
 * Record, then publish, then mark as dispatched — in that order, so an event is never published that is not on disk,
 * and an event on disk but not yet published is replayed at the next start (at least once, never lost). The marks
 * ride along with the next batch's transaction (or a short timer), so a delivery costs one disk sync, not two; a
 * crash in that window only means an event is handed on once more at the next start.
 */
export function createEventPipeline(inbox: EventInbox, hub: EventHub): EventPipeline {
  let unmarked: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flushMarks = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const keys = unmarked;
    unmarked = [];
    inbox.markDispatched(keys);
  };
  const commit = createGroupCommit<StationEvent, boolean>((batch) => {
    const marks = unmarked;
    unmarked = [];
    let fresh: boolean[];
    try {
      fresh = inbox.record(batch, marks);
    } catch (error) {
      unmarked = marks.concat(unmarked);
      throw error;
    }
    batch.forEach((event, i) => {
      if (!fresh[i]) return;
      hub.publish(event);
      unmarked.push(event.key);
    });
    if (unmarked.length > 0 && !timer) {
      timer = setTimeout(() => {
        try {
          flushMarks();
        } catch {
          // The database is closing; the events are replayed at the next start.
        }
      }, MARK_DELAY_MS);
      timer.unref?.();
    }
    return fresh;
  });
  return {
    accept: (events) => Promise.all(events.map(commit)),
    replay() {
      let total = 0;
      for (let batch = inbox.undispatched(); batch.length > 0; batch = inbox.undispatched()) {
        for (const event of batch) hub.publish(event);
        inbox.markDispatched(batch.map((event) => event.key));
        total += batch.length;
      }
      return total;
    },
    close: flushMarks,
  };
}
