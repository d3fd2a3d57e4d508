// The words both sides share: a person's name is one join, a day is the calendar day as written (never shifted).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earlierDay, isoDay, writtenDay, yearAfter } from '../../../rules/words/dates.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { mentionsTerm, wordsOf } from '../../../rules/words/text-match.ts';

const part = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('a person’s name', () => {
  it('is the known parts, trimmed, one space apart; null only when neither part has a letter', () => {
    fc.assert(
      fc.property(part, part, (first, last) => {
        const name = personName(first, last);
        const parts = [first, last].map((each) => each?.trim() ?? '').filter((each) => each !== '');
        expect(name).toBe(parts.length === 0 ? null : parts.join(' '));
        if (name !== null) expect(name).toBe(name.trim());
      }),
    );
  });
  it('"Ada" and "Byron" make "Ada Byron"; a missing first name leaves no leading space', () => {
    expect(personName('Ada', 'Byron')).toBe('Ada Byron');
    expect(personName(null, ' Byron ')).toBe('Byron');
    expect(personName('  ', undefined)).toBeNull();
  });
});

describe('a day', () => {
  it('is written from the calendar day as sent, whatever the time of day or zone of a timestamp', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 23 }), (iso, hour) => {
        const stamp = `${iso}T${String(hour).padStart(2, '0')}:30:00-11:00`;
        expect(writtenDay(stamp)).toBe(writtenDay(iso));
        expect(isoDay(stamp)).toBe(iso);
      }),
    );
    expect(writtenDay('2026-11-25')).toBe('Nov 25, 2026');
  });
  it('a day that is not on the calendar is no day (never rolled into the next month)', () => {
    expect(isoDay('2026-02-31')).toBeNull();
    expect(isoDay('2028-02-29T10:00:00Z')).toBe('2028-02-29');
    expect(writtenDay('2026-13-01')).toBeNull();
  });
  it('anything that is not a day is written as nothing, never "Invalid Date"', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(writtenDay(text) ?? 'none').not.toContain('Invalid');
      }),
    );
  });
  it('a year after is later, and the earlier of two days is one of them and not after either', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(yearAfter(a) > a).toBe(true);
        const earlier = earlierDay(a, b) as string;
        expect([a, b]).toContain(earlier);
        expect(earlier <= a && earlier <= b).toBe(true);
      }),
    );
  });
});

describe('matching words', () => {
  it('a term matches whole words only: "asa" is not in "nasal spray"', () => {
    expect(mentionsTerm(wordsOf('Nasal spray'), 'asa')).toBe(false);
    expect(mentionsTerm(wordsOf('ASA 81 mg'), 'asa')).toBe(true);
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(mentionsTerm(wordsOf(text), '')).toBe(false);
      }),
    );
  });
});
