// An NPI or DEA number with a mistyped digit is caught before it is sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deaCheckDigitOk, npiCheckDigitOk } from '../../../../renderer/records/identifiers.ts';

describe('NPI check digit', () => {
  it('accepts NPIs of the demo data and the registry’s own example', () => {
    expect(npiCheckDigitOk('1725330652')).toBe(true);
    expect(npiCheckDigitOk('2161917978')).toBe(true);
    expect(npiCheckDigitOk('1234567893')).toBe(true);
  });

  it('refuses an NPI with any one digit changed', () => {
    fc.assert(
      fc.property(fc.nat(9), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const digits = '1725330652'.split('').map(Number);
        digits[at] = ((digits[at] as number) + delta) % 10;
        expect(npiCheckDigitOk(digits.join(''))).toBe(false);
      }),
    );
  });

  it('refuses anything that is not ten digits', () => {
    expect(npiCheckDigitOk('172533065')).toBe(false);
    expect(npiCheckDigitOk('17253306521')).toBe(false);
    expect(npiCheckDigitOk('172533065x')).toBe(false);
  });
});

describe('DEA checksum', () => {
  it('accepts DEA numbers of the demo data', () => {
    expect(deaCheckDigitOk('MF2333944')).toBe(true);
    expect(deaCheckDigitOk('BP7396802')).toBe(true);
  });

  it('refuses a DEA number with its last digit changed, or in the wrong shape', () => {
    expect(deaCheckDigitOk('MF2333945')).toBe(false);
    expect(deaCheckDigitOk('mf2333944')).toBe(false);
    expect(deaCheckDigitOk('M2333944')).toBe(false);
  });
});
