// One submission of the scan field: a count typed before * and the code, every reading of the code, and no throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GS } from '../../../../rules/verification/codes/gs1.ts';
import { codeKeysOf, readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { LISINOPRIL_UPC } from './fixtures.ts';

describe('reading a scanned code', () => {
  it('takes a count typed before * for a counted quantity', () => {
    expect(readScannedCode('90*RX-0001')).toMatchObject({ ok: true, code: { raw: 'RX-0001', quantity: 90 } });
    expect(readScannedCode('RX-0001')).toMatchObject({
      ok: true,
      code: { raw: 'RX-0001', quantity: 1, key: 'RX-0001' },
    });
  });

  it('refuses a zero or huge count, a count with nothing after it, and an empty scan', () => {
    expect(readScannedCode('0*RX-0001')).toEqual({ ok: false, message: 'A count before * is 1 to 9999; 0 was typed.' });
    expect(readScannedCode('10000*RX-0001')).toMatchObject({ ok: false });
    expect(readScannedCode('3*')).toEqual({ ok: false, message: 'Scan the product after the count.' });
    expect(readScannedCode('   ')).toEqual({ ok: false, message: 'Nothing was scanned.' });
  });

  it('tells a service barcode, a GS1 code, a UPC and an NDC apart', () => {
    const service = readScannedCode('INVENTORY-aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1-00ff00ff');
    expect(service).toMatchObject({ ok: true, code: { serviceBarcode: true, gs1: null } });
    const gs1 = readScannedCode(`]d201${'0'.repeat(2)}${LISINOPRIL_UPC}10L1${GS}17260101`);
    expect(gs1).toMatchObject({ ok: true, code: { gs1: { lot: 'L1' }, gtin14: `00${LISINOPRIL_UPC}` } });
    expect(gs1.ok && gs1.code.ndcCandidates).toContain('00777310502');
    expect(readScannedCode(LISINOPRIL_UPC)).toMatchObject({ ok: true, code: { gtin14: `00${LISINOPRIL_UPC}` } });
    expect(readScannedCode('0777-3105-02')).toMatchObject({ ok: true, code: { ndcCandidates: ['00777310502'] } });
  });

  it('never throws on any input, and a code it reads is never empty', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `12*${s}`),
        ),
        (text) => {
          const read = readScannedCode(text);
          if (read.ok) {
            expect(read.code.raw.length).toBeGreaterThan(0);
            expect(read.code.quantity).toBeGreaterThanOrEqual(1);
          } else expect(read.message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('times only the code’s keys: what follows a count typed before *, the same code the reading finds', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.option(fc.integer({ min: 1, max: 9999 }), { nil: null }),
        (code, n) => {
          const text = n === null ? code : `${n}*${code}`;
          const read = readScannedCode(text);
          if (read.ok) expect(codeKeysOf(text)).toBe(read.code.raw);
        },
      ),
    );
    expect(codeKeysOf('30* RX-0001 ')).toBe('RX-0001');
  });
});
