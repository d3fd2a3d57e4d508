// What a scan on the inventory screen names: a service label, a lot id, or a batch number (also inside a GS1 code).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityWords, lotsNamedBy, readLotScan } from '../../../../renderer/screens/inventory/lot-scan.ts';

const LABEL = 'INVENTORY-0b7c6a8e-2f43-4c1d-9a55-3d2e1f0a9b88-1a2b3c4d';

describe('a scanned code', () => {
  it('a whole INVENTORY label is asked of the service', () => {
    expect(readLotScan(` ${LABEL}\n`)).toEqual({ kind: 'service', code: LABEL });
  });

  it('a label read only in part is said to be so', () => {
    expect(readLotScan(LABEL.slice(0, 30))).toEqual({ kind: 'partial', code: LABEL.slice(0, 30) });
  });

  it('the lot field of a GS1 code is its batch number', () => {
    expect(readLotScan('(01)00312345678906(17)270331(10)B123456')).toEqual({
      kind: 'lot',
      text: 'B123456',
      gtin: '00312345678906',
    });
  });

  it('anything else is looked for as a batch number', () => {
    expect(readLotScan('b123456')).toEqual({ kind: 'lot', text: 'b123456', gtin: null });
    expect(readLotScan('   ')).toEqual({ kind: 'empty' });
  });

  it('never throws on anything scanned', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 250 }), (text) => {
        expect(['service', 'partial', 'lot', 'empty']).toContain(readLotScan(text).kind);
      }),
    );
  });
});

describe('finding lots', () => {
  const lots = [
    { id: 'l1', batch_number: 'B123456' },
    { id: 'l2', batch_number: 'b123456 ' },
    { id: 'l3', batch_number: 'B999' },
    { id: 'l4' },
  ];

  it('by batch number, whatever the case and spaces', () => {
    expect(lotsNamedBy(lots, 'b123456').map((lot) => lot.id)).toEqual(['l1', 'l2']);
  });

  it('by id before batch number', () => {
    expect(lotsNamedBy(lots, 'l3').map((lot) => lot.id)).toEqual(['l3']);
  });

  it('finds nothing for an unknown batch', () => {
    expect(lotsNamedBy(lots, 'B000')).toEqual([]);
  });

  it('names what another label is of', () => {
    expect(entityWords('order_material')).toBe('an order material');
    expect(entityWords('patient')).toBe('a patient');
  });
});
