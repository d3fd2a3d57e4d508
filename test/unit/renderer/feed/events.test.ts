// The feed's list: newest first, each event once however many times (and by whichever source) it arrived.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FeedEvent, mergeEvents } from '../../../../renderer/queries/events.ts';
import { event } from './fixtures.ts';

describe('mergeEvents', () => {
  it('lists the newest event first', () => {
    const older = event({ receivedAt: '2026-03-03T10:00:00.000Z' });
    const newer = event({ receivedAt: '2026-03-03T10:05:00.000Z' });
    expect(mergeEvents([older], [newer]).map((e) => e.key)).toEqual([newer.key, older.key]);
    expect(mergeEvents([newer], [older]).map((e) => e.key)).toEqual([newer.key, older.key]);
  });

  it('keeps one copy of an event the webhook and the poller both reported', () => {
    const pushed = event({ key: 'order.shipped:abc', source: 'webhook' });
    const polled = { ...pushed, source: 'poller' as const };
    const merged = mergeEvents([pushed], [polled]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.key).toBe('order.shipped:abc');
  });

  it('puts an event that just arrived before others received in the same millisecond', () => {
    const at = '2026-03-03T10:00:00.000Z';
    const earlier = event({ receivedAt: at });
    const justNow = event({ receivedAt: at });
    expect(mergeEvents([earlier], [justNow])[0]?.key).toBe(justNow.key);
  });

  it('keeps at most the newest `kept` events', () => {
    const events = Array.from({ length: 10 }, (_, i) =>
      event({ receivedAt: new Date(Date.UTC(2026, 2, 3, 10, i)).toISOString() }),
    );
    const merged = mergeEvents([], events, 3);
    expect(merged.map((e) => e.receivedAt)).toEqual([
      '2026-03-03T10:09:00.000Z',
      '2026-03-03T10:08:00.000Z',
      '2026-03-03T10:07:00.000Z',
    ]);
  });

  it('starts from nothing when nothing was cached yet', () => {
    const only = event();
    expect(mergeEvents(undefined, [only])).toEqual([only]);
  });

  it('always answers unique keys, newest first, every key it was given (within the limit), and is idempotent', () => {
    const anEvent = fc
      .record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), minute: fc.integer({ min: 0, max: 59 }) })
      .map(({ key, minute }) => event({ key, receivedAt: new Date(Date.UTC(2026, 2, 3, 9, minute)).toISOString() }));
    fc.assert(
      fc.property(fc.array(anEvent), fc.array(anEvent), (existing: FeedEvent[], incoming: FeedEvent[]) => {
        const merged = mergeEvents(existing, incoming);
        const keys = merged.map((e) => e.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(new Set([...existing, ...incoming].map((e) => e.key)));
        for (let i = 1; i < merged.length; i += 1) {
          expect(Date.parse(merged[i - 1]?.receivedAt ?? '')).toBeGreaterThanOrEqual(
            Date.parse(merged[i]?.receivedAt ?? ''),
          );
        }
        expect(mergeEvents(merged, incoming)).toEqual(merged);
      }),
    );
  });
});
