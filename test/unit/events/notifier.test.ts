// The notifier: one notification per burst with a count, none for the workstation's own actions, a click that opens
// the order, and text a locked screen may show.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier } from '../../../main/events/notify/notifier.ts';
import type { DesktopNotification, NotificationTarget } from '../../../main/events/notify/port.ts';
import { describeEvents } from '../../../main/events/notify/wording.ts';
import type { StationEvent } from '../../../main/events/types.ts';

let shown: DesktopNotification[];
let clicks: NotificationTarget[];
let clock: number;
const notifier = () =>
  createNotifier({
    port: { show: (n) => shown.push(n) },
    onClick: (t) => clicks.push(t),
    now: () => clock,
  });

let serial = 0;
function event(
  code: string,
  orderNumber: string | null = String(1_000_000 + ++serial),
  subjectId = `id-${orderNumber}`,
) {
  return {
    key: `${code}:${subjectId}`,
    eventCode: code,
    subjectId,
    orderNumber,
    statusCode: null,
    statusName: code === 'order.shipped' ? 'Shipped' : null,
    url: null,
    source: 'webhook',
    receivedAt: new Date(0).toISOString(),
  } satisfies StationEvent;
}

beforeEach(() => {
  vi.useFakeTimers();
  shown = [];
  clicks = [];
  clock = 0;
});
afterEach(() => vi.useRealTimers());

describe('the notifier', () => {
  it('coalesces the events of 2 seconds into one notification with a count', () => {
    const n = notifier();
    for (let i = 0; i < 12; i++) n.add(event('order.shipped'));
    vi.advanceTimersByTime(1_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: '12 orders shipped', count: 12, orderId: null });
    expect(shown[0]?.eventKeys).toHaveLength(12);
    expect(shown[0]?.body).toMatch(/^Orders \d+, \d+, \d+ and 9 more\.$/);
  });

  it('shows a lone event on its own, and its click opens that order', () => {
    const n = notifier();
    const e = event('order.shipped', '1000123', 'order-uuid-1');
    n.add(e);
    vi.advanceTimersByTime(2_000);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Order 1000123 shipped', count: 1, orderId: 'order-uuid-1' });
    shown[0]?.click();
    expect(clicks).toEqual([{ orderId: 'order-uuid-1' }]);
  });

  it('starts a new burst after the window: two bursts, two notifications', () => {
    const n = notifier();
    n.add(event('order.created'));
    vi.advanceTimersByTime(2_000);
    n.add(event('order.created'));
    n.add(event('order.created'));
    vi.advanceTimersByTime(2_000);
    expect(shown.map((s) => s.title)).toEqual([expect.stringMatching(/^New order \d+$/), '2 new orders']);
  });

  it('words a mixed burst by kind', () => {
    const n = notifier();
    n.add(event('order.created'));
    n.add(event('order.shipped'));
    n.add(event('order.shipped'));
    n.flush();
    expect(shown[0]).toMatchObject({ title: '3 order updates', count: 3 });
    expect(shown[0]?.body).toMatch(/^1 new, 2 shipped\. Orders /);
  });

  it('opens the order when a burst is all about one order', () => {
    const n = notifier();
    n.add(event('order.created', '1000200', 'same'));
    n.add(event('order.shipped', '1000200', 'same'));
    n.flush();
    expect(shown[0]).toMatchObject({ orderId: 'same', count: 2 });
    expect(shown[0]?.body).toContain('Order 1000200.');
  });

  it('does not notify the workstation’s own changes, by id or by order number, while the suppression lasts', () => {
    const n = notifier();
    n.suppress('order-own', 60_000);
    n.suppress('1000999', 60_000);
    n.add(event('order.shipped', '1000500', 'order-own'));
    n.add(event('order.shipped', '1000999', 'other-id'));
    n.flush();
    expect(shown).toEqual([]);
    clock = 60_001;
    n.add(event('order.shipped', '1000500', 'order-own'));
    n.flush();
    expect(shown).toHaveLength(1);
  });

  it('honours a suppression that arrives after the event but within its burst', () => {
    const n = notifier();
    n.add(event('order.created', '1000700', 'just-made'));
    n.suppress('just-made', 60_000);
    vi.advanceTimersByTime(2_000);
    expect(shown).toEqual([]);
  });

  it('does not notify events that are not about orders', () => {
    const n = notifier();
    n.add(event('prescription.cancelled'));
    n.flush();
    expect(shown).toEqual([]);
  });

  it('survives a platform that cannot show notifications', () => {
    const warnings: string[] = [];
    const n = createNotifier({
      port: {
        show: () => {
          throw new Error('no notification server');
        },
      },
      onClick: () => {},
      logger: {
        warn: (m: string) => warnings.push(m),
        debug: () => {},
        info: () => {},
        error: () => {},
        child: () => {
          throw new Error('unused');
        },
      },
    });
    n.add(event('order.shipped'));
    expect(() => n.flush()).not.toThrow();
    expect(warnings).toEqual(['a desktop notification could not be shown']);
  });
});

describe('notification text', () => {
  it('names order numbers and what happened, never a patient', () => {
    const text = describeEvents([event('order.delivered', '1000321')]);
    expect(text).toEqual({ title: 'Order 1000321 delivered', body: 'Click to open the order.' });
    expect(describeEvents([event('order.stuck', '1000322')]).title).toBe('Order 1000322 is stuck');
    expect(describeEvents([event('order.future_thing', null)]).title).toBe('An order was updated');
  });
});
