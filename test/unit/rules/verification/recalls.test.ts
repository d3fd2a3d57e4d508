// A recalled lot at fill: the pharmacy's recall list names a lot by its number (and the product's NDC where the notice
// gives one); a scan of that lot is a hard stop like an expired lot, before anything is counted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { matchCode } from '../../../../rules/verification/match.ts';
import { type RecalledLot, recallOf } from '../../../../rules/verification/recalls.ts';
import { judgeScan } from '../../../../rules/verification/verdict.ts';
import { IDS, index, lines, TODAY } from './fixtures.ts';

const judge = (text: string, recalls: RecalledLot[]) => {
  const read = readScannedCode(text);
  if (!read.ok) throw new Error(read.message);
  const idx = index();
  const match = matchCode(read.code, idx, TODAY);
  return judgeScan({ code: read.code, match, lines: lines(), counted: new Map(), index: idx, today: TODAY, recalls });
};
const notice = { recall: 'D-0420-2026, class II: dissolution', source: 'FDA enforcement report' };

describe('a recalled lot at fill', () => {
  it('is a hard stop naming the recall, before it counts', () => {
    const verdict = judge('(01)00307773105025(10)B100200', [{ lot: 'b100200', ndc: '0777-3105-02', ...notice }]);
    expect(verdict).toMatchObject({
      kind: 'stop',
      stop: 'recalled_lot',
      title: 'Recalled lot',
      facts: { lot: 'B100200' },
    });
    expect(verdict.message).toBe(
      'Lot B100200 of Lisinopril 10 mg tablet (RX-0001) is recalled (D-0420-2026, class II: dissolution). Do not ship it; set the bottle aside.',
    );
  });

  it('stops nothing else: another lot, the same lot number of another product, a scan that names no lot', () => {
    const recalls = [{ lot: 'B100200', ndc: '12345-6789-01', ...notice }];
    expect(judge('(01)00307773105025(10)B100200', recalls)).toMatchObject({ kind: 'count' });
    expect(judge('(01)00307773105025(10)B100300', [{ lot: 'B100300', ...notice }]).kind).toBe('stop');
    expect(judge('RX-0001', [{ lot: 'B100200', ...notice }])).toMatchObject({ kind: 'count' });
  });

  it('names a lot exactly when its number matches, whatever the case, and the NDC (if given) is the product’s', () => {
    const batch = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);
    fc.assert(
      fc.property(batch, batch, fc.boolean(), fc.boolean(), (listed, scanned, withNdc, ownNdc) => {
        const ndc = withNdc ? (ownNdc ? '00777-3105-02' : '12345-6789-01') : null;
        const found = recallOf([{ lot: listed, ndc, ...notice }], index(), IDS.lisinopril, scanned);
        const expected = listed.toUpperCase() === scanned.toUpperCase() && (!withNdc || ownNdc);
        expect(found !== null).toBe(expected);
      }),
    );
  });
});
