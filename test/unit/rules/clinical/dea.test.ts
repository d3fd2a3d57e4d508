// DEA numbers: the format, the registrar's check digit, and properties over every well-formed number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDea, deaCheckDigit, deaMatchesLastName } from '../../../../rules/clinical/checks-prescriber.ts';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const digit = fc.integer({ min: 0, max: 9 });
const body = fc.tuple(letter, letter, fc.array(digit, { minLength: 6, maxLength: 6 }));

function withCheckDigit([a, b, digits]: [string, string, number[]]): string {
  return `${a}${b}${digits.join('')}${deaCheckDigit(digits.join(''))}`;
}

describe('the DEA check digit', () => {
  it('is the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6)', () => {
    expect(deaCheckDigit('123456')).toBe(3); // 9 + 2 × 12 = 33
    expect(deaCheckDigit('000000')).toBe(0);
    expect(deaCheckDigit('999999')).toBe(1); // 27 + 54 = 81
    expect(deaCheckDigit('100000')).toBe(1);
    expect(deaCheckDigit('010000')).toBe(2);
  });

  it('refuses anything but six digits', () => {
    expect(() => deaCheckDigit('12345')).toThrow(RangeError);
    expect(() => deaCheckDigit('12345a')).toThrow(RangeError);
  });
});

describe('checking a DEA number', () => {
  it('accepts two letters, six digits and the right check digit', () => {
    expect(checkDea('BE1234563')).toEqual({ valid: true, dea: 'BE1234563' });
  });

  it('reads a number typed in lower case or with spaces around it', () => {
    expect(checkDea('  be1234563 ')).toEqual({ valid: true, dea: 'BE1234563' });
  });

  it('says when there is no number at all', () => {
    for (const missing of [null, undefined, '', '   ']) {
      expect(checkDea(missing)).toMatchObject({ valid: false, problem: 'missing' });
    }
  });

  it.each([
    ['one letter', 'B12345634'],
    ['too few digits', 'BE123456'],
    ['too many digits', 'BE12345634'],
    ['a digit where a letter goes', '1E1234563'],
    ['a letter among the digits', 'BE12C4563'],
    ['punctuation', 'BE-1234563'],
  ])('refuses the form with %s', (_, dea) => {
    const verdict = checkDea(dea);
    expect(verdict).toMatchObject({ valid: false, problem: 'format' });
    expect(verdict.valid ? '' : verdict.message).toContain('two letters followed by seven digits');
  });

  it('names the digit the checksum expected', () => {
    const verdict = checkDea('BE1234568');
    expect(verdict).toMatchObject({ valid: false, problem: 'checksum' });
    expect(verdict.valid ? '' : verdict.message).toContain('should be 3, not 8');
  });

  it('accepts every well-formed number that ends in its own check digit', () => {
    fc.assert(fc.property(body, (parts) => checkDea(withCheckDigit(parts)).valid));
  });

  it('refuses every other last digit', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 9 }), (parts, shift) => {
        const dea = withCheckDigit(parts);
        const wrong = `${dea.slice(0, 8)}${(Number(dea[8]) + shift) % 10}`;
        const verdict = checkDea(wrong);
        return !verdict.valid && verdict.problem === 'checksum';
      }),
    );
  });

  it('catches any single changed digit in the first, third or fifth place', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(0, 2, 4), fc.integer({ min: 1, max: 9 }), (parts, place, shift) => {
        const dea = withCheckDigit(parts);
        const digits = dea.slice(2).split('').map(Number);
        digits[place] = ((digits[place] as number) + shift) % 10;
        return !checkDea(`${dea.slice(0, 2)}${digits.join('')}`).valid;
      }),
    );
  });

  it('never throws, whatever is typed, and only passes the two-letters-seven-digits form', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const verdict = checkDea(text);
        return !verdict.valid || /^[A-Z]{2}\d{7}$/.test(verdict.dea);
      }),
    );
  });
});

describe("the DEA number's second letter", () => {
  it("is the initial of the prescriber's last name", () => {
    expect(deaMatchesLastName('BE1234563', 'Example')).toBe(true);
    expect(deaMatchesLastName('BE1234563', 'sample')).toBe(false);
  });

  it('cannot be judged without a last name', () => {
    expect(deaMatchesLastName('BE1234563', null)).toBeNull();
    expect(deaMatchesLastName('BE1234563', '  ')).toBeNull();
  });
});
