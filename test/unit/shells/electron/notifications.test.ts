// Desktop notifications through Electron's Notification: the text as the notifier wrote it, a click focuses and opens.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopNotification } from '../../../../main/events/notify/port.ts';
import { createElectronNotifications, MAX_LIVE_NOTIFICATIONS } from '../../../../main/shells/electron/notifications.ts';
import { FakeNotification, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

function notification(click = vi.fn()): DesktopNotification {
  return { title: 'New order 1042', body: 'Order 1042 was created', orderId: 'o-1', count: 1, eventKeys: ['k'], click };
}

beforeEach(() => resetElectron());

describe('Electron notifications', () => {
  it('shows the notifier’s title and body', () => {
    createElectronNotifications(vi.fn()).show(notification());
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]?.options).toMatchObject({
      title: 'New order 1042',
      body: 'Order 1042 was created',
    });
  });

  it('a click focuses the window, then lets the station open the order', () => {
    const order: string[] = [];
    const focus = vi.fn(() => order.push('focus'));
    const click = vi.fn(() => order.push('click'));
    createElectronNotifications(focus).show(notification(click));
    FakeNotification.shown[0]?.fire('click');
    expect(order).toEqual(['focus', 'click']);
  });

  it('shows nothing where the system has no notifications', () => {
    FakeNotification.supported = false;
    createElectronNotifications(vi.fn()).show(notification());
    expect(FakeNotification.shown).toEqual([]);
  });

  it('holds a bounded number of notifications when the system never says they closed (Windows)', () => {
    const port = createElectronNotifications(vi.fn());
    for (let i = 0; i < 1_000; i++) port.show(notification());
    expect(port.liveCount()).toBe(MAX_LIVE_NOTIFICATIONS);
    const open = FakeNotification.shown.filter((shown) => !shown.closed);
    expect(open).toHaveLength(MAX_LIVE_NOTIFICATIONS);
    // The oldest were closed; the newest are the ones still up.
    expect(FakeNotification.shown.slice(-MAX_LIVE_NOTIFICATIONS).every((shown) => !shown.closed)).toBe(true);
  });

  it('lets a notification go when it is clicked or closed', () => {
    const port = createElectronNotifications(vi.fn());
    port.show(notification());
    port.show(notification());
    FakeNotification.shown[0]?.fire('click');
    FakeNotification.shown[1]?.close();
    expect(port.liveCount()).toBe(0);
  });
});

describe('a system that refuses notifications (macOS without a Developer ID)', () => {
  it('logs it once, however many fail, and says why for the notification settings', () => {
    const warnings: string[] = [];
    const port = createElectronNotifications(vi.fn(), { warn: (message: string) => warnings.push(message) });
    expect(port.failure?.()).toBeNull();
    for (let i = 0; i < 3; i++) {
      port.show(notification());
      FakeNotification.shown.at(-1)?.fire('failed', {}, 'Notifications are not allowed for this application');
    }
    expect(warnings).toEqual(['desktop notifications fail on this computer']);
    expect(port.failure?.()).toBe('Notifications are not allowed for this application');
    expect(port.liveCount()).toBe(0);
  });
});
