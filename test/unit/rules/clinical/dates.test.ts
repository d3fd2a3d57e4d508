// Days, ages and dates for people, as the checks and the review screen use them.
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dayOf,
  daysBetween,
  formatDay,
  localDay,
  relativeDays,
} from '../../../../rules/clinical/check-model.ts';

describe('a service date as a calendar day', () => {
  it('keeps a date-only value as written, whatever the time zone', () => {
    expect(dayOf('2026-03-02')).toBe('2026-03-02');
  });

  it('turns a timestamp into the local day it falls on', () => {
    const at = '2026-03-02T12:00:00Z';
    expect(dayOf(at)).toBe(localDay(new Date(at)));
  });

  it('refuses days that do not exist and text that is not a date', () => {
    expect(dayOf('2026-02-30')).toBeNull();
    expect(dayOf('2026-13-01')).toBeNull();
    expect(dayOf('soon')).toBeNull();
    expect(dayOf('')).toBeNull();
    expect(dayOf(null)).toBeNull();
  });
});

describe('days between days', () => {
  it('counts forwards and backwards, across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('says how far away a day is in words', () => {
    expect(relativeDays('2026-06-15', '2026-06-15')).toBe('today');
    expect(relativeDays('2026-06-16', '2026-06-15')).toBe('tomorrow');
    expect(relativeDays('2026-06-14', '2026-06-15')).toBe('yesterday');
    expect(relativeDays('2026-06-27', '2026-06-15')).toBe('in 12 days');
    expect(relativeDays('2026-06-05', '2026-06-15')).toBe('10 days ago');
  });
});

describe('age', () => {
  it('goes up on the birthday, not the day before', () => {
    expect(ageOn('2010-06-15', '2026-06-14')).toBe(15);
    expect(ageOn('2010-06-15', '2026-06-15')).toBe(16);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('is unknown without a birth date', () => {
    expect(ageOn(null, '2026-06-15')).toBeNull();
    expect(ageOn('unknown', '2026-06-15')).toBeNull();
  });
});

describe('dates for people', () => {
  it('shows day, short month and year, never an ISO string', () => {
    expect(formatDay('2026-03-02')).toBe('2 Mar 2026');
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDay('2026-03-02T12:00:00Z')).not.toContain('T');
  });

  it('shows nothing for a missing date', () => {
    expect(formatDay(undefined)).toBeNull();
  });
});
