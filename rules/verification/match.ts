// Which product (and lot) a scanned code names, by the first of its codes that is known: GS1 GTIN and lot, SKU,
// product code, UPC/GTIN, then NDC. Pure: the service barcode lookup happens outside and comes back through here.
import type { z } from 'zod';
import type { auditMatchedBy } from '../../contract/ipc/audit.ts';
import type { CatalogueIndex, IndexedLot } from './catalogue-index.ts';
import { gs1ExpiryDate } from './codes/gs1.ts';
import type { ScannedCode } from './codes/scanned-code.ts';

export type MatchedBy = z.infer<typeof auditMatchedBy>;

export interface ProductMatch {
  /** Every product the code names (usually one; an undashed 10-digit NDC may name more). */
  productIds: string[];
  by: MatchedBy;
  lot: IndexedLot | null;
  /** The lot number the code carried, else the matched lot's. */
  lotNumber: string | null;
  /** The earliest expiry known: the code's (GS1 AI 17) or the lot's. YYYY-MM-DD. */
  expiry: string | null;
}

export type CodeMatch =
  | { kind: 'product'; match: ProductMatch }
  /** A service barcode: ask the service what it labels, then call matchServiceEntity. */
  | { kind: 'service_barcode' }
  | { kind: 'none' };

const sameBatch = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

function earliest(...days: (string | null)[]): string | null {
  const known = days.filter((day): day is string => day !== null).sort();
  return known[0] ?? null;
}

/** The lot of one of `productIds` with this batch number; or, when no product is known, the one lot anywhere. */
function lotByNumber(index: CatalogueIndex, productIds: string[], batch: string): IndexedLot | null {
  const pool = productIds.length
    ? productIds.flatMap((id) => index.lotsByProduct.get(id) ?? [])
    : [...index.lots.values()];
  const found = pool.filter((lot) => lot.batch !== null && sameBatch(lot.batch, batch));
  const distinct = [...new Map(found.map((lot) => [lot.id, lot])).values()];
  return distinct.length === 1 ? (distinct[0] ?? null) : null;
}

function productMatch(
  productIds: string[],
  by: MatchedBy,
  lot: IndexedLot | null,
  lotNumber: string | null,
  printedExpiry: string | null,
): CodeMatch {
  return {
    kind: 'product',
    match: {
      productIds,
      by,
      lot,
      lotNumber: lotNumber ?? lot?.batch ?? null,
      expiry: earliest(printedExpiry, lot?.expiry ?? null),
    },
  };
}

function matchGs1(code: ScannedCode, index: CatalogueIndex, today: string): CodeMatch | null {
  const gs1 = code.gs1;
  if (!gs1) return null;
  const printedExpiry = gs1.expiry ? gs1ExpiryDate(gs1.expiry, today) : null;
  let productIds: string[] = [];
  let lot: IndexedLot | null = null;
  if (gs1.gtin) {
    lot = index.lotByGtin.get(gs1.gtin) ?? null;
    productIds = index.byGtin.get(gs1.gtin) ?? [];
    if (productIds.length === 0) productIds = code.ndcCandidates.flatMap((ndc) => index.byNdc.get(ndc) ?? []);
  }
  if (gs1.lot) {
    const byNumber = lotByNumber(index, productIds, gs1.lot);
    if (byNumber) lot = byNumber;
    if (productIds.length === 0 && lot) productIds = lot.productIds;
  }
  if (productIds.length === 0) return null;
  return productMatch([...new Set(productIds)], 'gs1', lot, gs1.lot, printedExpiry);
}

/** What `code` names in `index`. `today` (YYYY-MM-DD) places a GS1 expiry's two-digit year in its century. */
export function matchCode(code: ScannedCode, index: CatalogueIndex, today: string): CodeMatch {
  if (code.serviceBarcode) return { kind: 'service_barcode' };
  const gs1 = matchGs1(code, index, today);
  if (gs1) return gs1;
  if (code.gs1) return { kind: 'none' };
  const bySku = index.bySku.get(code.key);
  if (bySku?.length) return productMatch(bySku, 'sku', null, null, null);
  const byCode = index.byProductCode.get(code.key);
  if (byCode?.length) return productMatch(byCode, 'product_code', null, null, null);
  if (code.gtin14) {
    const lot = index.lotByGtin.get(code.gtin14) ?? null;
    const byGtin = index.byGtin.get(code.gtin14);
    if (byGtin?.length) return productMatch(byGtin, 'upc', lot, null, null);
  }
  const byNdc = [...new Set(code.ndcCandidates.flatMap((ndc) => index.byNdc.get(ndc) ?? []))];
  if (byNdc.length) return productMatch(byNdc, 'ndc', null, null, null);
  return { kind: 'none' };
}

const PRODUCT_ENTITIES = new Set(['prescription_product', 'non_prescription_product', 'order_material']);

/**
 * What a service barcode names, once the service answered its entity: a product, or a lot (which must be in the
 * index: fetch it first). Anything else (an order, a patient) is no product.
 */
export function matchServiceEntity(entityType: string, entityId: string, index: CatalogueIndex): CodeMatch {
  if (PRODUCT_ENTITIES.has(entityType)) return productMatch([entityId], 'service_barcode', null, null, null);
  if (entityType === 'inventory') {
    const lot = index.lots.get(entityId);
    if (lot && lot.productIds.length > 0) return productMatch(lot.productIds, 'service_barcode', lot, null, null);
  }
  return { kind: 'none' };
}
