// Dates, phone numbers and names as people read them on the patient and prescriber screens.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  counted,
  dayPart,
  daysUntil,
  formatDay,
  formatPhone,
  listName,
  personName,
  phoneDigitsOf,
} from '../../../../renderer/format/record-values.ts';

describe('days', () => {
  it('shows a date of birth as the day written, whatever the station’s time zone', () => {
    expect(formatDay('1980-05-17')).toBe('May 17, 1980');
    expect(formatDay('2027-03-22T00:00:00Z')).toBe('Mar 22, 2027');
  });

  it('shows a dash for no day and the text as sent for something that is not a day', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDay('')).toBe('—');
    expect(formatDay('soon')).toBe('soon');
    expect(dayPart('2026-02-31')).toBeNull();
  });

  it('counts an age in whole years, the birthday itself included', () => {
    expect(ageOn('1980-05-17', '2026-05-16')).toBe(45);
    expect(ageOn('1980-05-17', '2026-05-17')).toBe(46);
    expect(ageOn('2030-01-01', '2026-05-17')).toBeNull();
  });

  it('counts days to an expiry, negative once it has passed', () => {
    expect(daysUntil('2026-06-01', '2026-05-17')).toBe(15);
    expect(daysUntil('2026-05-01', '2026-05-17')).toBe(-16);
    expect(daysUntil(null, '2026-05-17')).toBeNull();
  });

  it('never gives a negative age for any pair of real days', () => {
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (birth, today) => {
        const age = ageOn(birth, today);
        if (birth > today) expect(age).toBeNull();
        else expect(age).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('phone numbers', () => {
  it('keeps the ten digits of however a number was typed', () => {
    expect(phoneDigitsOf('(555) 508-7618')).toBe('5555087618');
    expect(phoneDigitsOf('+1 555 508 7618')).toBe('5555087618');
    expect(phoneDigitsOf('555.508.7618')).toBe('5555087618');
  });

  it('shows ten digits grouped, and anything else as sent', () => {
    expect(formatPhone('5555087618')).toBe('(555) 508-7618');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('—');
  });

  it('formats and reads back any ten-digit number to the same digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), (digits) => {
        expect(phoneDigitsOf(formatPhone(digits))).toBe(digits);
      }),
    );
  });

  it('never keeps anything but digits from typed text', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(phoneDigitsOf(typed)).toMatch(/^\d*$/);
      }),
    );
  });
});

describe('names', () => {
  it('reads a name in speaking order and in list order', () => {
    const person = { first_name: 'Hayden', middle_name: 'J', last_name: 'Demoulin-Fakeham' };
    expect(personName(person)).toBe('Hayden J Demoulin-Fakeham');
    expect(listName(person)).toBe('Demoulin-Fakeham, Hayden J');
  });

  it('says Unnamed rather than showing nothing', () => {
    expect(personName({})).toBe('Unnamed');
    expect(listName({ first_name: ' ' })).toBe('Unnamed');
    expect(listName({ last_name: 'Sample' })).toBe('Sample');
  });

  it('counts with the right noun', () => {
    expect(counted(1, 'order')).toBe('1 order');
    expect(counted(1200, 'order')).toBe('1,200 orders');
  });
});
