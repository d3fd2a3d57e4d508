// UPCs, GTINs and NDCs as a pharmacy scans them: check digits hold, every NDC layout widens to the one 11-digit form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, toGtin14, withCheckDigit } from '../../../../rules/verification/codes/gtin.ts';
import {
  formatNdc11,
  ndc10Forms,
  ndc11OfProductCode,
  ndcFromGtin14,
  readNdc,
} from '../../../../rules/verification/codes/ndc.ts';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('GTIN check digits', () => {
  it('accepts the textbook UPC-A and refuses it with a changed digit', () => {
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('036000291453')).toBe(false);
    expect(toGtin14('036000291452')).toBe('00036000291452');
  });

  it('refuses anything that is not 8, 12, 13 or 14 digits', () => {
    for (const text of ['', '123', '03600029145', '0360002914520000', '03600029145x', ' 036000291452']) {
      expect([text, isValidGtin(text)]).toEqual([text, false]);
    }
  });

  it('catches every single changed digit of any GTIN-14', () => {
    fc.assert(
      fc.property(digits(13), fc.nat(13), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const gtin = withCheckDigit(body).split('').map(Number);
        gtin[at] = ((gtin[at] as number) + delta) % 10;
        expect(isValidGtin(gtin.join(''))).toBe(false);
      }),
    );
  });

  it('pads a valid UPC-A, EAN-13 or GTIN-8 to the same GTIN-14 a DataMatrix carries', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), (n) => {
        const body = '4'.repeat(n);
        const gtin = withCheckDigit(body);
        expect(toGtin14(gtin)).toBe(gtin.padStart(14, '0'));
        expect(isValidGtin(toGtin14(gtin) as string)).toBe(true);
      }),
    );
  });
});

describe('NDC layouts', () => {
  it('widens each dashed 10-digit layout to 5-4-2 with the zero in the right segment', () => {
    expect(readNdc('0777-3105-02')).toEqual({ candidates: ['00777310502'], layout: '4-4-2' });
    expect(readNdc('50580-506-01')).toEqual({ candidates: ['50580050601'], layout: '5-3-2' });
    expect(readNdc('12345-6789-1')).toEqual({ candidates: ['12345678901'], layout: '5-4-1' });
    expect(readNdc('12345-6789-01')).toEqual({ candidates: ['12345678901'], layout: '5-4-2' });
    expect(readNdc('12345678901')).toEqual({ candidates: ['12345678901'], layout: '5-4-2' });
  });

  it('offers every layout for 10 digits without dashes', () => {
    expect(readNdc('0777310502')?.candidates).toEqual(['00777310502', '07773010502', '07773105002']);
  });

  it('refuses what is not an NDC', () => {
    for (const text of ['', 'RX-0001', '123-4567-89', '123456789', '123456789012', '12345-67890-1', '1234-5678-901']) {
      expect([text, readNdc(text)]).toEqual([text, null]);
    }
  });

  it('reads back every 11-digit NDC from 5-4-2, from plain digits, and from each 10-digit form it may have', () => {
    fc.assert(
      fc.property(digits(11), (ndc11) => {
        expect(readNdc(formatNdc11(ndc11))?.candidates).toEqual([ndc11]);
        expect(readNdc(ndc11)?.candidates).toEqual([ndc11]);
        for (const form of ndc10Forms(ndc11)) {
          expect(readNdc(form.text)).toEqual({ candidates: [ndc11], layout: form.layout });
          expect(readNdc(form.text.replaceAll('-', ''))?.candidates).toContain(ndc11);
        }
      }),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const reading = readNdc(text);
        for (const candidate of reading?.candidates ?? []) expect(candidate).toMatch(/^\d{11}$/);
      }),
    );
  });

  it('finds the NDC a UPC-A or a GTIN-14 carries behind the 03 prefix, at any packaging level', () => {
    const upc = withCheckDigit('30777310502');
    expect(ndcFromGtin14(toGtin14(upc) as string)?.candidates).toContain('00777310502');
    const caseLevel = withCheckDigit('5030777310502');
    expect(ndcFromGtin14(caseLevel)?.candidates).toContain('00777310502');
    expect(ndcFromGtin14(toGtin14('036000291452') as string)).toBeNull();
  });

  it('reads a product code as an NDC only when it names one 11-digit code', () => {
    expect(ndc11OfProductCode('12345-6789-01')).toBe('12345678901');
    expect(ndc11OfProductCode('0777-3105-02')).toBe('00777310502');
    expect(ndc11OfProductCode('0777310502')).toBeNull();
    expect(ndc11OfProductCode('COMPOUND-7')).toBeNull();
  });
});
