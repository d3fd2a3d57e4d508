// The notifier: each new order event becomes a desktop notification, bursts coalesced into one with a count, none for
// the workstation's own actions.
import type { Logger } from '../../platform/log/logger.ts';
import type { NotificationPort, NotificationTarget } from './port.ts';
import { describeEvents, type NotifiedEvent } from './wording.ts';

export const DEFAULT_COALESCE_MS = 2_000;
/** Long enough for the poller (every minute) to see the change after the workstation made it. */
export const DEFAULT_SUPPRESS_MS = 2 * 60_000;

export interface NotifierOptions {
  port: NotificationPort;
  /** A click: the app focuses its window and opens the order (or the order list). */
  onClick: (target: NotificationTarget) => void;
  /** Events within this long of the first of a burst make one notification. */
  coalesceMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface Notifier {
  /** Takes every new event; only order events notify. */
  add(event: NotifiedEvent): void;
  /** The workstation changed this order itself (by id or order number): no notification for it for `forMs`. */
  suppress(orderIdOrNumber: string, forMs?: number): void;
  /** Shows the burst collected so far now, instead of at the end of its window. */
  flush(): void;
  /** Drops the pending burst and the timer (sign-out, quit). */
  stop(): void;
}

export function isOrderEvent(event: NotifiedEvent): boolean {
  return event.eventCode.startsWith('order.');
}

export function createNotifier(options: NotifierOptions): Notifier {
  const now = options.now ?? Date.now;
  const coalesceMs = options.coalesceMs ?? DEFAULT_COALESCE_MS;
  const suppressed = new Map<string, number>();
  let burst: NotifiedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const isSuppressed = (event: NotifiedEvent): boolean => {
    const at = now();
    for (const id of [event.subjectId, event.orderNumber]) {
      if (id === null) continue;
      const until = suppressed.get(id);
      if (until === undefined) continue;
      if (until > at) return true;
      suppressed.delete(id);
    }
    return false;
  };

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    // Checked again here: the app may say "that was me" a moment after the event arrived (the webhook can beat the
    // answer to the workstation's own request).
    const events = burst.filter((event) => !isSuppressed(event));
    burst = [];
    if (events.length === 0) return;
    const orders = new Set(events.map((e) => e.subjectId));
    const orderId = orders.size === 1 ? (events[0] as NotifiedEvent).subjectId : null;
    const text = describeEvents(events);
    try {
      options.port.show({
        ...text,
        orderId,
        count: events.length,
        eventKeys: events.map((e) => e.key),
        click: () => options.onClick({ orderId }),
      });
    } catch (error) {
      // No notification system (or it refused): the events already reached the renderer; nothing else to do.
      options.logger?.warn('a desktop notification could not be shown', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    add(event) {
      if (!isOrderEvent(event) || isSuppressed(event)) return;
      burst.push(event);
      if (!timer) {
        timer = setTimeout(flush, coalesceMs);
        timer.unref?.();
      }
    },
    suppress(orderIdOrNumber, forMs = DEFAULT_SUPPRESS_MS) {
      suppressed.set(orderIdOrNumber, Math.max(suppressed.get(orderIdOrNumber) ?? 0, now() + forMs));
      // Keep the map small: forget windows that have ended.
      if (suppressed.size > 1000) {
        const at = now();
        for (const [id, until] of suppressed) if (until <= at) suppressed.delete(id);
      }
    },
    flush,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      burst = [];
    },
  };
}
