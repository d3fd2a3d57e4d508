// The desktop-notification port on Electron's Notification: a click focuses the window and lets the station open the order.
import { Notification } from 'electron';
import type { NotificationPort } from '../../events/notify/port.ts';
import type { Logger } from '../../platform/log/logger.ts';

/**
 * How many shown notifications are held at once. Electron's `close` "is not guaranteed to be emitted in all cases
 * where the notification is closed" (docs, api/notification.md), so a set emptied only on close could grow without
 * end on a station that runs for weeks; past this bound the oldest is closed and let go.
 */
export const MAX_LIVE_NOTIFICATIONS = 20;

export interface ElectronNotifications extends NotificationPort {
  /** How many notifications are held now (for tests and the log). */
  liveCount(): number;
}

/**
 * `focus` brings the window forward; the notification's own `click()` then tells the station, which sends
 * `notification.clicked` to the renderer so it opens the order. Shown notifications are held until closed or clicked:
 * one that is garbage-collected loses its click handler. On Windows a toast shows only for an installed app whose
 * Start-menu shortcut carries the AppUserModelID (app.ts sets the same id; see README "Installing on workstations").
 */
export function createElectronNotifications(focus: () => void, log?: Pick<Logger, 'warn'>): ElectronNotifications {
  // Insertion-ordered: the first entry is the oldest.
  const live = new Set<Notification>();
  let failure: string | null = null;
  /**
   * `failed` (docs, api/notification.md, macOS and Windows): on macOS an app without a Developer ID signature gets it
   * for every notification. Logged once, not once per event; the notification settings show it.
   */
  const failed = (_event: unknown, error: unknown) => {
    const reason = String(error ?? 'unknown error').slice(0, 300);
    if (failure === null) log?.warn('desktop notifications fail on this computer', { reason });
    failure = reason;
  };
  return {
    liveCount: () => live.size,
    failure: () => failure,
    show(notification) {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: notification.title, body: notification.body, silent: false });
      const release = () => live.delete(shown);
      shown.on('click', () => {
        release();
        focus();
        notification.click();
      });
      shown.on('close', release);
      shown.on('failed', (event: unknown, error: unknown) => {
        release();
        failed(event, error);
      });
      live.add(shown);
      while (live.size > MAX_LIVE_NOTIFICATIONS) {
        const oldest = live.values().next().value as Notification;
        live.delete(oldest);
        oldest.close();
      }
      shown.show();
    },
  };
}
