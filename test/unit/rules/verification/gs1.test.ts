// GS1 DataMatrix as scanners send it (]d2 and GS separators) and as printed under the symbol (brackets): GTIN, lot,
// expiry and serial come out whole, a two-digit year lands in the right century, and no string makes it throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGs1, GS, gs1ExpiryDate, parseGs1 } from '../../../../rules/verification/codes/gs1.ts';
import { withCheckDigit } from '../../../../rules/verification/codes/gtin.ts';

const GTIN = withCheckDigit('0030777310502');

describe('reading a GS1 element string', () => {
  it('reads a DataMatrix with the ]d2 prefix and GS after the variable lot', () => {
    const read = parseGs1(`]d201${GTIN}10AB-123${GS}1726123121SN0001`);
    expect(read).toMatchObject({ gtin: GTIN, lot: 'AB-123', expiry: '261231', serial: 'SN0001' });
  });

  it('reads the same code with FNC1 sent as a leading GS, and the bracketed human-readable form', () => {
    const fields = { gtin: GTIN, lot: 'L7', expiry: '270600', serial: null };
    expect(parseGs1(`${GS}01${GTIN}1727060010L7`)).toMatchObject(fields);
    expect(parseGs1(`(01)${GTIN}(17)270600(10)L7`)).toMatchObject(fields);
  });

  it('reads bare digits only when they open with a GTIN whose check digit holds', () => {
    expect(parseGs1(`01${GTIN}17261231`)).toMatchObject({ gtin: GTIN, expiry: '261231' });
    expect(parseGs1(`01${GTIN.slice(0, 13)}917261231`)).toBeNull();
    expect(parseGs1('RX-0001')).toBeNull();
    expect(parseGs1('12345-6789-01')).toBeNull();
  });

  it('refuses a wrong check digit, an impossible date, an unknown AI or a short fixed field', () => {
    expect(parseGs1(`]d201${GTIN.slice(0, 13)}${(Number(GTIN.at(-1)) + 1) % 10}`)).toBeNull();
    expect(parseGs1(`]d201${GTIN}17261331`)).toBeNull();
    expect(parseGs1(`]d201${GTIN}17260230`)).toBeNull();
    expect(parseGs1(`]d2${'88'}x`)).toBeNull();
    expect(parseGs1(`]d201${GTIN}1726`)).toBeNull();
    expect(parseGs1(']d2')).toBeNull();
  });

  it('keeps other elements it knows, such as a count or a national number', () => {
    const read = parseGs1(`(01)${GTIN}(30)12(710)PZN123`);
    expect(read?.elements).toEqual([
      { ai: '01', value: GTIN },
      { ai: '30', value: '12' },
      { ai: '710', value: 'PZN123' },
    ]);
  });
});

const cset82 = fc
  .array(
    fc.constantFrom(...'!"%&\'*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'.split('')),
    {
      minLength: 1,
      maxLength: 20,
    },
  )
  .map((chars) => chars.join(''));
const gtin14 = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 })
  .map((d) => withCheckDigit(d.join('')));
const yymmdd = fc
  .record({
    yy: fc.integer({ min: 0, max: 99 }),
    mm: fc.integer({ min: 1, max: 12 }),
    dd: fc.integer({ min: 0, max: 28 }),
  })
  .map(({ yy, mm, dd }) => [yy, mm, dd].map((n) => String(n).padStart(2, '0')).join(''));

describe('GS1 round trips', () => {
  it('reads back GTIN, expiry, lot and serial from every form, in any order of the fields', () => {
    fc.assert(
      fc.property(
        gtin14,
        yymmdd,
        cset82,
        cset82,
        fc.constantFrom('symbology', 'gs', 'brackets') as fc.Arbitrary<'symbology' | 'gs' | 'brackets'>,
        fc.boolean(),
        (gtin, expiry, lot, serial, form, lotFirst) => {
          const variable = lotFirst
            ? [
                { ai: '10', value: lot },
                { ai: '21', value: serial },
              ]
            : [
                { ai: '21', value: serial },
                { ai: '10', value: lot },
              ];
          const elements = [{ ai: '01', value: gtin }, { ai: '17', value: expiry }, ...variable];
          const text = formatGs1(elements, form);
          expect(parseGs1(text)).toEqual({ gtin, lot, expiry, serial, elements });
        },
      ),
    );
  });

  it('never throws on any string, and what it reads has a valid GTIN', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `]d201${s}`),
        ),
        (text) => {
          const read = parseGs1(text);
          if (read?.gtin) expect(read.gtin).toMatch(/^\d{14}$/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('GS1 expiry dates', () => {
  it('reads YYMMDD in the century that is nearest today, and DD 00 as the last day of the month', () => {
    expect(gs1ExpiryDate('261231', '2026-03-01')).toBe('2026-12-31');
    expect(gs1ExpiryDate('280200', '2026-03-01')).toBe('2028-02-29');
    expect(gs1ExpiryDate('270200', '2026-03-01')).toBe('2027-02-28');
    expect(gs1ExpiryDate('990101', '2026-03-01')).toBe('1999-01-01');
    expect(gs1ExpiryDate('760101', '2026-03-01')).toBe('2076-01-01');
    expect(gs1ExpiryDate('010101', '2099-06-01')).toBe('2101-01-01');
  });

  it('refuses a date that does not exist', () => {
    expect(gs1ExpiryDate('261301', '2026-03-01')).toBeNull();
    expect(gs1ExpiryDate('260230', '2026-03-01')).toBeNull();
    expect(gs1ExpiryDate('2612', '2026-03-01')).toBeNull();
  });

  it('always answers a real date within 50 years of today', () => {
    fc.assert(
      fc.property(yymmdd, fc.integer({ min: 1990, max: 2200 }), (code, year) => {
        const day = gs1ExpiryDate(code, `${year}-06-15`);
        expect(day).not.toBeNull();
        const answered = Number((day as string).slice(0, 4));
        expect(Math.abs(answered - year)).toBeLessThanOrEqual(50);
        expect(Number.isNaN(Date.parse(`${day}T00:00:00Z`))).toBe(false);
      }),
    );
  });
});
