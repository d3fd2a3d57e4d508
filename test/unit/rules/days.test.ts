// The rules' one day module (rules/days.ts), by property: a day is the same day in every time zone, days add up across
// month ends and leap days, an age goes up on the birthday (29 February counting from 1 March), and minor is one rule.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADULT_AGE, ageOn, dayOf, daysBetween, isMinor, lotExpired } from '../../../rules/days.ts';

const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
  'Europe/London',
];
const DAYS_MODULE = resolve(import.meta.dirname, '../../../rules/days.ts');

/** A calendar day between 1900 and 2100, as the service writes a date-only value. */
const days = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * What rules/days.ts answers in a station whose clock runs in `zone`: a Node of its own with TZ set (this worker's zone
 * stays as it is), asked the day of each moment and of each date-only value.
 */
function answersIn(zone: string, moments: readonly string[], dates: readonly string[]) {
  const script = `
    import { dayOf, localDay } from ${JSON.stringify(pathToFileURL(DAYS_MODULE).href)};
    const [moments, dates] = JSON.parse(process.argv[1]);
    console.log(JSON.stringify({
      local: moments.map((m) => localDay(new Date(m))),
      ofMoment: moments.map((m) => dayOf(m)),
      ofDate: dates.map((d) => dayOf(d)),
    }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify([moments, dates])], {
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { local: string[]; ofMoment: string[]; ofDate: (string | null)[] };
}

describe('a day is the same day wherever the station stands', () => {
  it("keeps a date-only value as written, and puts a moment on the zone's own calendar day, in every zone", () => {
    const moments = fc
      .sample(fc.date({ min: new Date('1970-01-02'), max: new Date('2100-01-01'), noInvalidDate: true }), {
        numRuns: 200,
        seed: 33,
      })
      .map((moment) => moment.toISOString());
    const dates = fc.sample(days, { numRuns: 200, seed: 34 });
    for (const zone of ZONES) {
      const answers = answersIn(zone, moments, dates);
      const calendar = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const expected = moments.map((moment) => calendar.format(new Date(moment)));
      expect(answers.local, zone).toEqual(expected);
      expect(answers.ofMoment, zone).toEqual(expected);
      expect(answers.ofDate, zone).toEqual(dates);
    }
  });

  it('refuses a day that does not exist rather than rolling it into the next month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1901, max: 2099 }), (year) => {
        expect(dayOf(`${year}-02-29`)).toBe(isLeap(year) ? `${year}-02-29` : null);
        expect(dayOf(`${year}-04-31`)).toBeNull();
        expect(dayOf(`${year}-02-30`)).toBeNull();
      }),
    );
  });
});

describe('days between days', () => {
  it('counts one day from each day to the next, across month ends, year ends and leap days', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -800, max: 800 }), (day, n) => {
        expect(daysBetween(day, plusDays(day, 1))).toBe(1);
        expect(daysBetween(day, plusDays(day, n))).toBe(n);
      }),
    );
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('adds up and turns around', () => {
    fc.assert(
      fc.property(days, days, days, (a, b, c) => {
        expect(daysBetween(a, b) + daysBetween(b, a)).toBe(0);
        expect(daysBetween(a, b) + daysBetween(b, c)).toBe(daysBetween(a, c));
      }),
    );
  });
});

describe('age on a day', () => {
  it('goes up on the birthday itself, not the day before', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 110 }), (born, years) => {
        fc.pre(born.slice(5) !== '02-29');
        const birthday = `${Number(born.slice(0, 4)) + years}${born.slice(4)}`;
        expect(ageOn(born, birthday)).toBe(years);
        expect(ageOn(born, plusDays(birthday, -1))).toBe(years - 1);
      }),
    );
  });

  it('counts a 29 February birthday from 1 March in a common year, and on the day in a leap year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1904, max: 2096 }).filter(isLeap),
        fc.integer({ min: 1, max: 100 }),
        (year, years) => {
          const then = year + years;
          const born = `${year}-02-29`;
          if (isLeap(then)) {
            expect(ageOn(born, `${then}-02-29`)).toBe(years);
            expect(ageOn(born, `${then}-02-28`)).toBe(years - 1);
          } else {
            expect(ageOn(born, `${then}-02-28`)).toBe(years - 1);
            expect(ageOn(born, `${then}-03-01`)).toBe(years);
          }
        },
      ),
    );
  });

  it('never goes down as the days go on, and is unknown before birth or without a date', () => {
    fc.assert(
      fc.property(days, days, fc.integer({ min: 0, max: 400 }), (born, today, later) => {
        const age = ageOn(born, today);
        if (born > today) expect(age).toBeNull();
        else expect(ageOn(born, plusDays(today, later))).toBeGreaterThanOrEqual(age as number);
      }),
    );
    expect(ageOn(null, '2026-06-15')).toBeNull();
    expect(ageOn('not a day', '2026-06-15')).toBeNull();
  });
});

describe('a minor, by one rule', () => {
  it("takes the service's own is_minor when it gives one, whatever the birth date says", () => {
    fc.assert(
      fc.property(fc.option(days, { nil: null }), days, fc.boolean(), (born, today, flag) => {
        expect(isMinor({ date_of_birth: born, is_minor: flag }, today)).toBe(flag);
      }),
    );
  });

  it(`otherwise counts the age: a minor until the ${ADULT_AGE}th birthday, an adult on it`, () => {
    fc.assert(
      fc.property(days, (born) => {
        fc.pre(born.slice(5) !== '02-29' && born < '2080-01-01');
        const adult = `${Number(born.slice(0, 4)) + ADULT_AGE}${born.slice(4)}`;
        expect(isMinor({ date_of_birth: born }, adult)).toBe(false);
        expect(isMinor({ date_of_birth: born, is_minor: null }, plusDays(adult, -1))).toBe(true);
      }),
    );
    expect(isMinor({ date_of_birth: '2008-02-29' }, '2026-02-28')).toBe(true);
    expect(isMinor({ date_of_birth: '2008-02-29' }, '2026-03-01')).toBe(false);
  });

  it('is unknown when neither the service nor a birth date says', () => {
    expect(isMinor(null, '2026-06-15')).toBeNull();
    expect(isMinor({ date_of_birth: null, is_minor: null }, '2026-06-15')).toBeNull();
  });
});

describe('a lot past its expiry', () => {
  it('is usable through its expiry day and expired from the next, whatever the day', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 2000 }), (expiry, n) => {
        expect(lotExpired(expiry, expiry)).toBe(false);
        expect(lotExpired(expiry, plusDays(expiry, -n))).toBe(false);
        expect(lotExpired(expiry, plusDays(expiry, n))).toBe(true);
      }),
    );
    expect(lotExpired(null, '2026-06-15')).toBe(false);
  });
});
