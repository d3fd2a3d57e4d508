// The training simulation for people: a clock that moves between reads, speeds and steps in words, typed numbers
// checked against the contract's limits before they are sent, and what a step did.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MailboxMessage } from '../../../../contract/service/notifications.ts';
import { messageText } from '../../../../renderer/screens/training/mail-text.ts';
import {
  durationWords,
  liveClockMs,
  parseReset,
  parseSpeed,
  parseStepMinutes,
  speedWords,
  stepSummaryWords,
  timeScaleOf,
} from '../../../../renderer/screens/training/simulation-words.ts';

const state = { running: true, speed: 60, simulated_now: '2026-03-03T14:00:00.000Z' };

describe('the clock between reads', () => {
  it('runs at the speed while running, and at the wall clock’s pace while paused', () => {
    const readAt = 1_000_000;
    expect(liveClockMs(state, readAt, readAt + 10_000)).toBe(Date.parse(state.simulated_now) + 600_000);
    expect(liveClockMs({ ...state, running: false }, readAt, readAt + 10_000)).toBe(
      Date.parse(state.simulated_now) + 10_000,
    );
  });

  it('takes the service’s own time scale when it says it, and never runs back', () => {
    expect(timeScaleOf({ ...state, time_scale: 1 })).toBe(1);
    expect(liveClockMs(state, 5000, 1000)).toBe(Date.parse(state.simulated_now));
    expect(liveClockMs({ ...state, simulated_now: 'soon' }, 0, 0)).toBeNull();
  });
});

describe('speeds and durations in words', () => {
  it('names real time, minutes and hours a second, and other speeds as multiples', () => {
    expect(speedWords(1)).toBe('real time');
    expect(speedWords(60)).toBe('1 simulated minute a second');
    expect(speedWords(600)).toBe('10 simulated minutes a second');
    expect(speedWords(3600)).toBe('1 simulated hour a second');
    expect(speedWords(90)).toBe('90× real time');
  });

  it('says a step’s length in days, hours and minutes', () => {
    expect(durationWords(60)).toBe('1 hour');
    expect(durationWords(45)).toBe('45 minutes');
    expect(durationWords(1440 + 120 + 1)).toBe('1 day 2 hours 1 minute');
  });
});

describe('typed numbers', () => {
  it('takes a speed from 1 to 3600 and refuses anything else in words', () => {
    expect(parseSpeed(' 600 ')).toEqual({ ok: true, value: 600 });
    expect(parseSpeed('0').ok).toBe(false);
    expect(parseSpeed('3601').ok).toBe(false);
    expect(parseSpeed('1e3')).toEqual({
      ok: false,
      error: 'A speed from 1 to 3600 simulated seconds a real second.',
    });
  });

  it('takes whole step minutes up to a week', () => {
    expect(parseStepMinutes('60')).toEqual({ ok: true, value: 60 });
    expect(parseStepMinutes('1.5').ok).toBe(false);
    expect(parseStepMinutes('10081').ok).toBe(false);
    expect(parseStepMinutes('ten')).toEqual({ ok: false, error: 'Whole minutes from 1 to 10080 (a week).' });
  });

  it('accepts exactly the whole step minutes the contract accepts, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer({ min: -10, max: 20_000 }).map(String)), (typed) => {
        const parsed = parseStepMinutes(typed);
        const n = Number(typed.trim());
        const acceptable = /^\d+(\.\d+)?$/.test(typed.trim()) && Number.isInteger(n) && n >= 1 && n <= 10_080;
        expect(parsed.ok).toBe(acceptable);
      }),
    );
  });

  it('checks a reset’s seed and orders, each beside its field', () => {
    expect(parseReset({ seed: '7', orders: '50' })).toEqual({ ok: true, body: { seed: 7, orders: 50 } });
    expect(parseReset({ seed: '', orders: '9000' })).toEqual({
      ok: false,
      errors: {
        seed: 'A whole number from 0 to 2147483647.',
        orders: 'A whole number of orders from 0 to 5000.',
      },
    });
  });
});

describe('what a step did', () => {
  it('counts the orders moved by status, then the rest', () => {
    const words = stepSummaryWords({
      orders_moved: 12,
      moved: { shipped: 3, data_entry: 9, picked: 0 },
      stuck: 1,
      prescriptions_cancelled: 2,
    });
    expect(words).toBe('12 orders moved: 3 to shipped, 9 to data entry. Also 1 stuck, 2 prescriptions cancelled.');
  });

  it('says when nothing was due, and when more was due than one step does', () => {
    expect(stepSummaryWords({ orders_moved: 0, moved: {} })).toBe('No order was due to move.');
    expect(stepSummaryWords({ orders_moved: 1, moved: { verified: 1 }, more_due: true })).toMatch(
      /^1 order moved: 1 to verified\. More was due/,
    );
  });
});

describe('a mailbox message’s text', () => {
  const message = (over: Record<string, unknown>): MailboxMessage => ({
    id: 'm1',
    to: 'admin@training.local',
    subject: 'Order shipped',
    ...over,
  });

  it('is the body the service lists, or nothing when it lists only the headers', () => {
    expect(messageText(message({ body: 'Order shipped: …' }))).toBe('Order shipped: …');
    expect(messageText(message({ text: 'plain' }))).toBe('plain');
    expect(messageText(message({ body: '  ' }))).toBeNull();
    expect(messageText(message({}))).toBeNull();
  });
});
