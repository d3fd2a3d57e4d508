// A scanned code finds its product by any of its codes: SKU, product code, NDC in every layout, UPC, GS1, lot.
import { describe, expect, it } from 'vitest';
import { buildCatalogueIndex, indexLot } from '../../../../rules/verification/catalogue-index.ts';
import { formatGs1, GS } from '../../../../rules/verification/codes/gs1.ts';
import { toGtin14, withCheckDigit } from '../../../../rules/verification/codes/gtin.ts';
import { readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { type CodeMatch, matchCode, matchServiceEntity } from '../../../../rules/verification/match.ts';
import { IDS, index, LISINOPRIL_UPC, METFORMIN_UPC, orderProducts, TODAY } from './fixtures.ts';

function match(text: string, idx = index()): CodeMatch {
  const read = readScannedCode(text);
  if (!read.ok) throw new Error(read.message);
  return matchCode(read.code, idx, TODAY);
}

const product = (m: CodeMatch) => (m.kind === 'product' ? m.match : null);

describe('matching a scanned code to a product', () => {
  it('finds a product by SKU or product code, whatever the case', () => {
    expect(product(match('rx-0001'))).toMatchObject({ productIds: [IDS.lisinopril], by: 'sku' });
    expect(product(match('00777-3105-02'))).toMatchObject({ productIds: [IDS.lisinopril], by: 'product_code' });
    expect(product(match('MAT-0001'))).toMatchObject({ productIds: [IDS.box], by: 'sku' });
  });

  it('finds a product by its NDC in every layout, with or without dashes', () => {
    for (const text of ['0777-3105-02', '00777310502', '0777310502']) {
      expect([text, product(match(text))]).toEqual([
        text,
        expect.objectContaining({ productIds: [IDS.lisinopril], by: 'ndc' }),
      ]);
    }
    expect(product(match('12345678901'))).toMatchObject({ productIds: [IDS.metformin], by: 'ndc' });
  });

  it('finds a product by its own UPC, or by the NDC a UPC carries', () => {
    expect(product(match(METFORMIN_UPC))).toMatchObject({ productIds: [IDS.metformin], by: 'upc' });
    expect(product(match(LISINOPRIL_UPC))).toMatchObject({ productIds: [IDS.lisinopril], by: 'ndc' });
  });

  it('reads a GS1 DataMatrix: GTIN to the product, lot number to the lot, the earlier expiry', () => {
    const gtin = toGtin14(LISINOPRIL_UPC) as string;
    const scanned = formatGs1(
      [
        { ai: '01', value: gtin },
        { ai: '17', value: '271231' },
        { ai: '10', value: 'B100200' },
      ],
      'symbology',
    );
    expect(product(match(scanned))).toMatchObject({
      productIds: [IDS.lisinopril],
      by: 'gs1',
      lot: { id: IDS.lisinoprilGood },
      lotNumber: 'B100200',
      expiry: '2027-01-31',
    });
    expect(product(match(`(01)${gtin}(17)260215(10)UNKNOWN`))).toMatchObject({
      lot: null,
      lotNumber: 'UNKNOWN',
      expiry: '2026-02-15',
    });
  });

  it('reads the lot from AI 10 when every lot of a product carries the same package GTIN, and a bare UPC names no lot', () => {
    const shared = buildCatalogueIndex(orderProducts, undefined, {
      prescription: [
        { id: IDS.lisinoprilGood, product_id: IDS.lisinopril, batch_number: 'B100200', upc: LISINOPRIL_UPC },
        { id: IDS.lisinoprilExpired, product_id: IDS.lisinopril, batch_number: 'B100100', upc: LISINOPRIL_UPC },
      ],
    });
    const gtin = toGtin14(LISINOPRIL_UPC) as string;
    for (const [batch, lotId] of [
      ['B100100', IDS.lisinoprilExpired],
      ['B100200', IDS.lisinoprilGood],
    ]) {
      const scanned = formatGs1(
        [
          { ai: '01', value: gtin },
          { ai: '10', value: batch as string },
        ],
        'gs',
      );
      expect(product(match(scanned, shared))).toMatchObject({ productIds: [IDS.lisinopril], lot: { id: lotId } });
    }
    expect(product(match(LISINOPRIL_UPC, shared))).toMatchObject({
      productIds: [IDS.lisinopril],
      by: 'upc',
      lot: null,
    });
  });

  it('finds the product through the lot when the GS1 GTIN is not known', () => {
    const unknownGtin = '00000000000000';
    expect(product(match(`]d201${unknownGtin}10B100100${GS}17261231`))).toMatchObject({
      productIds: [IDS.lisinopril],
      lot: { id: IDS.lisinoprilExpired },
      expiry: '2026-02-17',
    });
  });

  it('asks the service about its own barcodes, and answers nothing for an unknown code', () => {
    expect(match('PRESCRIPTION_PRODUCT-11111111-1111-4111-8111-111111111111-0a1b2c3d')).toEqual({
      kind: 'service_barcode',
    });
    expect(match('NOT-A-PRODUCT')).toEqual({ kind: 'none' });
    expect(match(`(01)${withCheckDigit('0001234567890')}`)).toEqual({ kind: 'none' });
  });

  it('answers the service barcode of a product or a lot, once the service said which', () => {
    const idx = index();
    expect(product(matchServiceEntity('prescription_product', IDS.metformin, idx))).toMatchObject({
      productIds: [IDS.metformin],
      by: 'service_barcode',
    });
    expect(product(matchServiceEntity('inventory', IDS.lisinoprilExpired, idx))).toMatchObject({
      productIds: [IDS.lisinopril],
      lot: { id: IDS.lisinoprilExpired },
      expiry: '2026-02-17',
    });
    expect(matchServiceEntity('order', IDS.lisinopril, idx)).toEqual({ kind: 'none' });
    expect(matchServiceEntity('inventory', 'no-such-lot', idx)).toEqual({ kind: 'none' });
  });

  it('counts a lot fetched later, with its associated products, and the order products even offline', () => {
    const offline = buildCatalogueIndex(orderProducts, null, null);
    expect(product(match('RX-0001', offline))).toMatchObject({ productIds: [IDS.lisinopril] });
    expect(match('OTC-0001', offline)).toEqual({ kind: 'none' });
    indexLot(offline, {
      id: 'lot-9',
      product_id: IDS.box,
      associations: { non_prescription: [{ product_id: IDS.ibuprofen }] },
      upc: METFORMIN_UPC,
    });
    expect(product(matchServiceEntity('inventory', 'lot-9', offline))?.productIds).toEqual([IDS.box, IDS.ibuprofen]);
    expect(product(match(METFORMIN_UPC, offline))).toMatchObject({ by: 'upc', lot: { id: 'lot-9' } });
  });
});
