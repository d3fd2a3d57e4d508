// What a person reads in the feed: plain words for each event, its source, and times written for people.
import { describe, expect, it } from 'vitest';
import { formatFullTime, formatWhen } from '../../../../renderer/format/when.ts';
import { describeEvent, kindWords, sourceWords, unreadWords } from '../../../../renderer/screens/feed/feed-words.ts';
import { event } from './fixtures.ts';

describe('describeEvent', () => {
  it('names the order number and what happened to it', () => {
    expect(describeEvent(event({ eventCode: 'order.created', orderNumber: '1000042' })).headline).toBe(
      'Order 1000042 received',
    );
    expect(describeEvent(event({ eventCode: 'order.shipped', orderNumber: '1000042' })).headline).toBe(
      'Order 1000042 shipped',
    );
    expect(describeEvent(event({ eventCode: 'order.delivered', orderNumber: '1000042' })).headline).toBe(
      'Order 1000042 delivered',
    );
    expect(describeEvent(event({ eventCode: 'order.stuck', orderNumber: '1000042' })).headline).toBe(
      'Order 1000042 is stuck',
    );
  });

  it('still reads well without an order number', () => {
    expect(describeEvent(event({ eventCode: 'order.shipped', orderNumber: null })).headline).toBe('An order shipped');
    expect(describeEvent(event({ eventCode: 'prescription.cancelled', orderNumber: null })).headline).toBe(
      'A prescription was cancelled',
    );
  });

  it('words an event code it does not know as an update of the order, naming the code', () => {
    const words = describeEvent(event({ eventCode: 'order.rerouted', orderNumber: '7' }));
    expect(words.headline).toBe('Order 7 updated');
    expect(words.meaning).toContain('order.rerouted');
  });
});

describe('sourceWords and kindWords', () => {
  it('says where an event came from without jargon', () => {
    expect(sourceWords('webhook')).toBe('Pushed by the service');
    expect(sourceWords('poller')).toBe('Found by the station’s regular check');
  });

  it('takes the kind from the event code', () => {
    expect(kindWords('order.shipped')).toBe('shipped');
    expect(kindWords('prescription.cancelled')).toBe('cancelled');
    expect(kindWords('something odd')).toBe('update');
  });
});

describe('formatWhen', () => {
  const now = new Date(2026, 2, 3, 14, 30, 0);
  const at = (...parts: [number, number, number, number, number, number?]) => new Date(...parts).toISOString();

  it('says "just now" under a minute and minutes ago under an hour', () => {
    expect(formatWhen(at(2026, 2, 3, 14, 29, 30), now)).toBe('just now');
    expect(formatWhen(at(2026, 2, 3, 14, 29, 0), now)).toBe('1 min ago');
    expect(formatWhen(at(2026, 2, 3, 14, 25), now)).toBe('5 min ago');
  });

  it('gives the clock time today and yesterday, and the date before that', () => {
    expect(formatWhen(at(2026, 2, 3, 9, 5), now)).toBe('today at 09:05');
    expect(formatWhen(at(2026, 2, 2, 22, 15), now)).toBe('yesterday at 22:15');
    expect(formatWhen(at(2026, 1, 27, 8, 0), now)).toBe('27 Feb at 08:00');
    expect(formatWhen(at(2025, 11, 31, 23, 59), now)).toBe('31 Dec 2025 at 23:59');
  });

  it('copes with a service clock that runs ahead of this computer', () => {
    expect(formatWhen(at(2026, 2, 3, 14, 31), now)).toBe('just now');
    expect(formatWhen(at(2026, 2, 3, 18, 0), now)).toBe('today at 18:00');
    expect(formatWhen(at(2026, 2, 4, 1, 0), now)).toBe('tomorrow at 01:00');
  });

  it('never shows a raw timestamp, even an unreadable one', () => {
    expect(formatWhen('not a date', now)).toBe('at an unknown time');
    expect(formatFullTime('not a date')).toBe('unknown time');
    expect(formatFullTime(at(2026, 2, 3, 9, 5))).toBe('3 Mar 2026, 09:05:00');
  });
});

describe('unreadWords', () => {
  it('counts in words', () => {
    expect(unreadWords(1)).toBe('1 unread event');
    expect(unreadWords(12)).toBe('12 unread events');
  });
});
