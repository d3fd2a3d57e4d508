// The report's dates: presets count whole calendar days, and a range is checked in words before it is sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkRange,
  describeRange,
  formatDay,
  isDay,
  lastOfMonth,
  presetOf,
  presetRange,
  type RangeDraft,
} from '../../../../renderer/screens/report/report-range.ts';

const days = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const draft = (over: Partial<RangeDraft> = {}): RangeDraft => ({
  start: '2026-05-01',
  end: '2026-05-31',
  startIncomplete: false,
  endIncomplete: false,
  include: ['status', 'count', 'products'],
  ...over,
});

describe('presets', () => {
  it('today is the one day; last 7 days is today and the six before it', () => {
    expect(presetRange('today', '2026-06-14')).toEqual({ start: '2026-06-14', end: '2026-06-14' });
    expect(presetRange('last7', '2026-06-03')).toEqual({ start: '2026-05-28', end: '2026-06-03' });
  });

  it('this month runs from its first day to today; last month is the whole month before', () => {
    expect(presetRange('thisMonth', '2026-06-14')).toEqual({ start: '2026-06-01', end: '2026-06-14' });
    expect(presetRange('lastMonth', '2026-06-14')).toEqual({ start: '2026-05-01', end: '2026-05-31' });
  });

  it('last month in January is December of the year before; in March of a leap year, February has 29 days', () => {
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(presetRange('lastMonth', '2028-03-31')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(presetRange('lastMonth', '2027-03-01')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it('every preset, for any day, is a valid range that ends on or before today', () => {
    fc.assert(
      fc.property(days, fc.constantFrom('today', 'last7', 'thisMonth', 'lastMonth' as const), (today, id) => {
        const { start, end } = presetRange(id, today);
        expect(isDay(start) && isDay(end)).toBe(true);
        expect(start <= end && end <= today).toBe(true);
        expect(checkRange(draft({ start, end })).ok).toBe(true);
      }),
    );
  });

  it('last month ends the day before this month begins, and starts on a first', () => {
    fc.assert(
      fc.property(days, (today) => {
        const { start, end } = presetRange('lastMonth', today);
        expect(addDays(end, 1)).toBe(`${today.slice(0, 7)}-01`);
        expect(start.endsWith('-01')).toBe(true);
        expect(lastOfMonth(start)).toBe(end);
      }),
    );
  });

  it('last 7 days always spans seven days, across month and year ends', () => {
    fc.assert(
      fc.property(days, (today) => {
        const { start } = presetRange('last7', today);
        expect(addDays(start, 6)).toBe(today);
      }),
    );
  });

  it('a range that is exactly a preset is recognised as that preset', () => {
    expect(presetOf('2026-05-01', '2026-05-31', '2026-06-14')).toBe('lastMonth');
    expect(presetOf('2026-05-02', '2026-05-31', '2026-06-14')).toBeNull();
  });

  it('on the first of a month, "This month" pressed shows pressed though it is the same day as "Today"', () => {
    expect(presetOf('2026-06-01', '2026-06-01', '2026-06-01', 'thisMonth')).toBe('thisMonth');
    expect(presetOf('2026-06-01', '2026-06-01', '2026-06-01', 'today')).toBe('today');
    expect(presetOf('2026-06-01', '2026-06-01', '2026-06-01')).toBe('today');
    // A preset pressed earlier whose range is no longer on screen is not shown pressed.
    expect(presetOf('2026-05-01', '2026-05-31', '2026-06-01', 'thisMonth')).toBe('lastMonth');
  });
});

describe('days', () => {
  it('knows a real calendar day from a mistyped one', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2026-06-31')).toBe(false);
    expect(isDay('2026-6-3')).toBe(false);
  });

  it('shows days and ranges for people, never as YYYY-MM-DD', () => {
    expect(formatDay('2026-05-01')).toMatch(/May 1, 2026/);
    expect(describeRange('2026-05-01', '2026-05-31')).toMatch(/May 1\s*–\s*31, 2026/);
    expect(describeRange('2026-05-01', '2026-05-01')).toMatch(/May 1, 2026/);
    expect(describeRange(undefined, '2026-05-31')).toMatch(/^From the first order to May 31, 2026$/);
    expect(describeRange('2026-05-01', undefined)).toMatch(/^May 1, 2026 to today$/);
    expect(describeRange(undefined, undefined)).not.toMatch(/\d{4}-\d{2}/);
  });
});

describe('checkRange', () => {
  it('sends a whole range with the parts in the contract’s order', () => {
    const checked = checkRange(draft({ include: ['products', 'status'] }));
    expect(checked).toEqual({
      ok: true,
      request: { start_date: '2026-05-01', end_date: '2026-05-31', include: ['status', 'products'] },
    });
  });

  it('refuses a start after the end before anything is sent, naming both dates', () => {
    const checked = checkRange(draft({ start: '2026-06-02', end: '2026-06-01' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.start).toMatch(/Jun 2, 2026.*after the end date.*Jun 1, 2026/);
  });

  it('accepts an open range: no start, no end, or neither', () => {
    expect(checkRange(draft({ start: '' }))).toMatchObject({ ok: true, request: { end_date: '2026-05-31' } });
    expect(checkRange(draft({ end: '' }))).toMatchObject({ ok: true, request: { start_date: '2026-05-01' } });
    const neither = checkRange(draft({ start: '', end: '' }));
    expect(neither.ok && neither.request).toEqual({ include: ['status', 'count', 'products'] });
  });

  it('says a half-typed date is not whole, instead of quietly running an open range', () => {
    const checked = checkRange(draft({ start: '', startIncomplete: true }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.start).toMatch(/not a whole date/);
  });

  it('asks for at least one part of the report', () => {
    const checked = checkRange(draft({ include: [] }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.include).toBe('Choose at least one part of the report.');
  });

  it('never lets through a range the contract would refuse', () => {
    fc.assert(
      fc.property(days, days, (start, end) => {
        const checked = checkRange(draft({ start, end }));
        expect(checked.ok).toBe(start <= end);
      }),
    );
  });
});
