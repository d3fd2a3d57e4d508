// Each scan's verdict: it counts on its line, or it is a hard stop (not on the order, one too many, an expired lot).
import { describe, expect, it } from 'vitest';
import { readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { matchCode } from '../../../../rules/verification/match.ts';
import { judgeScan, type Verdict } from '../../../../rules/verification/verdict.ts';
import { IDS, index, lines, TODAY } from './fixtures.ts';

function judge(text: string, counted: Record<string, number> = {}, today = TODAY): Verdict {
  const read = readScannedCode(text);
  if (!read.ok) throw new Error(read.message);
  const idx = index();
  return judgeScan({
    code: read.code,
    match: matchCode(read.code, idx, today),
    lines: lines(),
    counted: new Map(Object.entries(counted)),
    index: idx,
    today,
  });
}

describe('judging a scan against the order', () => {
  it('counts a product of the order on its line and says how far the line is', () => {
    const verdict = judge('RX-0001');
    expect(verdict).toMatchObject({
      kind: 'count',
      facts: { productId: IDS.lisinopril, quantity: 1, matchedBy: 'sku' },
    });
    expect(verdict.message).toBe('Lisinopril 10 mg tablet (RX-0001): 1 of 2.');
  });

  it('stops a product that is not on the order, naming it', () => {
    const verdict = judge('OTC-0001');
    expect(verdict).toMatchObject({ kind: 'stop', stop: 'not_on_order', facts: { productId: IDS.ibuprofen } });
    expect(verdict.message).toMatch(/^Ibuprofen 200 mg \(OTC-0001\) is not on this order/);
  });

  it('stops one too many, and a count that would overfill the line', () => {
    expect(judge('RX-0001', { [IDS.lisinopril]: 2 })).toMatchObject({ kind: 'stop', stop: 'too_many' });
    expect(judge('3*RX-0001', { [IDS.lisinopril]: 0 })).toMatchObject({ kind: 'stop', stop: 'too_many' });
    expect(judge('2*RX-0001')).toMatchObject({ kind: 'count', facts: { quantity: 2 } });
  });

  it('stops an expired lot, by the lot record or by the printed GS1 expiry, even on a line with room', () => {
    const expiredLot = judge('(01)00000000000000(10)B100100');
    expect(expiredLot).toMatchObject({
      kind: 'stop',
      stop: 'expired_lot',
      facts: { lot: 'B100100', expiry: '2026-02-17' },
    });
    expect(expiredLot.message).toBe(
      'Lot B100100 of Lisinopril 10 mg tablet (RX-0001) expired on Feb 17, 2026. Do not ship it.',
    );
    expect(judge('(01)00307773105025(17)260228')).toMatchObject({ kind: 'stop', stop: 'expired_lot' });
  });

  it('lets a lot expiring today through, and checks expiry before counting too many', () => {
    expect(judge('(01)00307773105025(17)260301')).toMatchObject({ kind: 'count' });
    expect(judge('(01)00307773105025(17)260228', { [IDS.lisinopril]: 2 })).toMatchObject({ stop: 'expired_lot' });
  });

  it('answers an unknown code without stopping, saying what to do', () => {
    expect(judge('WHAT-IS-THIS')).toEqual({
      kind: 'unrecognised',
      facts: expect.objectContaining({ code: 'WHAT-IS-THIS', productId: null }),
      message: 'WHAT-IS-THIS matches no product. Check the label, or type the SKU or NDC.',
    });
  });
});
