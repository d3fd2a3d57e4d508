// The composition root's small helpers: the list of what to stop (in reverse order of starting), an error's words for a
// log line, and the notification port of a shell without a desktop.

import type { NotificationPort } from '../events/notify/port.ts';
import type { Logger } from '../platform/log/logger.ts';

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Without a desktop (the browser shell) the renderer already gets every event; the notification is only logged. */
export function loggedNotifications(log: Logger): NotificationPort {
  return {
    show: (n) => log.debug('notification (no desktop notifications in this shell)', { title: n.title, count: n.count }),
  };
}

/** Runs the registered stops in reverse order; one failing stop does not keep the others from running. */
export function stopList(log: Logger) {
  const stops: { what: string; stop: () => Promise<unknown> }[] = [];
  return {
    add: (what: string, stop: () => Promise<unknown>) => stops.push({ what, stop }),
    async run() {
      for (const { what, stop } of stops.reverse()) {
        await stop().catch((error: unknown) => log.warn(`stopping the ${what} failed`, { error: reasonOf(error) }));
      }
      stops.length = 0;
    },
  };
}
