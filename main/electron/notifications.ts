// The desktop-notification port on Electron's Notification: a click focuses the window and lets the station open the order.
import { Notification } from 'electron';
import type { NotificationPort } from '../notify/port.ts';

/**
 * `focus` brings the window forward; the notification's own `click()` then tells the station, which sends
 * `notification.clicked` to the renderer so it opens the order. Shown notifications are held until closed or clicked:
 * one that is garbage-collected loses its click handler.
 */
export function createElectronNotifications(focus: () => void): NotificationPort {
  const live = new Set<Notification>();
  return {
    show(notification) {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: notification.title, body: notification.body, silent: false });
      live.add(shown);
      shown.on('click', () => {
        live.delete(shown);
        focus();
        notification.click();
      });
      shown.on('close', () => live.delete(shown));
      shown.on('failed', () => live.delete(shown));
      shown.show();
    },
  };
}
