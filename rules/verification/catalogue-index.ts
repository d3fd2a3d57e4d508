// The products and lots a scan may name, indexed by every code that names them: SKU, product code, NDC, GTIN/UPC,
// lot number and id. Built from the service's catalogue and inventory (and the order's own products, always known).
import type { InventoryByKind, InventoryLot } from '../../contract/service/inventory.ts';
import type { OrderProducts, ProductCatalogue, ProductKind } from '../../contract/service/products.ts';
import { toGtin14 } from './codes/gtin.ts';
import { ndc11OfProductCode } from './codes/ndc.ts';

export interface IndexedProduct {
  id: string;
  kind: ProductKind;
  name: string | null;
  sku: string | null;
  productCode: string | null;
  /** The strength and dosage form the catalogue states (prescription products), for "is it the prescribed drug". */
  strength?: string | null;
  form?: string | null;
}

export interface IndexedLot {
  id: string;
  /** The products that draw on the lot: its own product and any associated. */
  productIds: string[];
  batch: string | null;
  /** YYYY-MM-DD, or null for a lot without one (boxes, cold packs). */
  expiry: string | null;
}

export interface CatalogueIndex {
  products: Map<string, IndexedProduct>;
  bySku: Map<string, string[]>;
  byProductCode: Map<string, string[]>;
  byNdc: Map<string, string[]>;
  /** GTIN-14 → products; a lot's UPC names the lot's products. */
  byGtin: Map<string, string[]>;
  lots: Map<string, IndexedLot>;
  lotsByProduct: Map<string, IndexedLot[]>;
  /**
   * A lot's UPC (GTIN-14) → the lot, or null when more than one lot carries it (a package's GTIN is the product's, the
   * same on every lot: the lot then comes from the code's AI 10, or is picked).
   */
  lotByGtin: Map<string, IndexedLot | null>;
}

const KINDS: ProductKind[] = ['prescription', 'non_prescription', 'order_material'];

function add(map: Map<string, string[]>, key: string | null, id: string): void {
  if (!key) return;
  const ids = map.get(key) ?? [];
  if (!ids.includes(id)) ids.push(id);
  map.set(key, ids);
}

/** An extra field the service sends but the contract does not name (a product's `upc`): read, never required. */
function extraText(record: object, field: string): string | null {
  const value = (record as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** YYYY-MM-DD of a date or timestamp; null for anything unreadable. */
export function dayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? (match[1] ?? null) : null;
}

type ProductRecord = {
  id: string;
  sku?: string | null;
  name?: string | null;
  product_code?: string | null;
  strength?: string | null;
  form?: string | null;
};

function indexProduct(index: CatalogueIndex, kind: ProductKind, product: ProductRecord): void {
  if (!index.products.has(product.id)) {
    index.products.set(product.id, {
      id: product.id,
      kind,
      name: product.name ?? null,
      sku: product.sku ?? null,
      productCode: product.product_code ?? null,
      strength: product.strength ?? null,
      form: product.form ?? null,
    });
  }
  add(index.bySku, product.sku?.trim().toUpperCase() ?? null, product.id);
  const code = product.product_code?.trim() ?? null;
  add(index.byProductCode, code?.toUpperCase() ?? null, product.id);
  add(index.byNdc, code ? ndc11OfProductCode(code) : null, product.id);
  const upc = extraText(product, 'upc');
  add(index.byGtin, upc ? toGtin14(upc) : null, product.id);
}

function lotProductIds(lot: InventoryLot): string[] {
  const ids = lot.product_id ? [lot.product_id] : [];
  const associations = lot.associations;
  const listed = Array.isArray(associations)
    ? associations
    : associations
      ? KINDS.flatMap((kind) => associations[kind] ?? [])
      : [];
  for (const association of listed) if (!ids.includes(association.product_id)) ids.push(association.product_id);
  return ids;
}

/** Adds (or replaces) one lot, e.g. a lot fetched after its service barcode was scanned. */
export function indexLot(index: CatalogueIndex, lot: InventoryLot): IndexedLot {
  const indexed: IndexedLot = {
    id: lot.id,
    productIds: lotProductIds(lot),
    batch: lot.batch_number?.trim() || null,
    expiry: dayOf(lot.expiration_date),
  };
  index.lots.set(lot.id, indexed);
  for (const productId of indexed.productIds) {
    const lots = (index.lotsByProduct.get(productId) ?? []).filter((other) => other.id !== lot.id);
    index.lotsByProduct.set(productId, [...lots, indexed]);
  }
  const gtin = lot.upc ? toGtin14(lot.upc.trim()) : null;
  if (gtin) {
    const earlier = index.lotByGtin.get(gtin);
    index.lotByGtin.set(gtin, earlier === undefined || earlier?.id === lot.id ? indexed : null);
    for (const productId of indexed.productIds) add(index.byGtin, gtin, productId);
  }
  return indexed;
}

export function emptyIndex(): CatalogueIndex {
  return {
    products: new Map(),
    bySku: new Map(),
    byProductCode: new Map(),
    byNdc: new Map(),
    byGtin: new Map(),
    lots: new Map(),
    lotsByProduct: new Map(),
    lotByGtin: new Map(),
  };
}

/** The index of everything known: the order's products first (they are there even offline), then the catalogue. */
export function buildCatalogueIndex(
  order: OrderProducts | null | undefined,
  catalogue: ProductCatalogue | null | undefined,
  inventory: InventoryByKind | null | undefined,
): CatalogueIndex {
  const index = emptyIndex();
  for (const kind of KINDS) {
    for (const product of order?.[kind] ?? []) indexProduct(index, kind, product);
    for (const product of catalogue?.[kind] ?? []) indexProduct(index, kind, product);
  }
  for (const kind of KINDS) for (const lot of inventory?.[kind] ?? []) indexLot(index, lot);
  return index;
}
