// The inventory list as rows: each lot with its product, flags and suggestion, filtered, and grouped under a heading
// per product kind. Pure, so 10,000 lots are grouped in one pass and tested without a screen.
import type { InventoryByKind, InventoryLot } from '../../../contract/service/inventory.ts';
import type { ProductCatalogue, ProductKind } from '../../../contract/service/products.ts';
import { type ExpiryStatus, expiryOf, isUsable, type StockLevel, stockLevel, suggestedLots } from './lot-flags.ts';
import { productIdOfLot } from './lot-product.ts';

export const PRODUCT_KINDS: readonly ProductKind[] = ['prescription', 'non_prescription', 'order_material'];

export const KIND_TITLES: Record<ProductKind, string> = {
  prescription: 'Prescription products',
  non_prescription: 'Non-prescription products',
  order_material: 'Order materials',
};

/** One kind of product, singular, for sentences ("a lot of an order material"). */
export const KIND_NOUNS: Record<ProductKind, string> = {
  prescription: 'prescription product',
  non_prescription: 'non-prescription product',
  order_material: 'order material',
};

export interface ProductSummary {
  id: string;
  name: string;
  sku: string | null;
  kind: ProductKind;
}

export interface LotView {
  lot: InventoryLot;
  kind: ProductKind;
  product: ProductSummary | null;
  expiry: ExpiryStatus;
  usable: boolean;
  /** This is the lot of its product to use first. */
  suggested: boolean;
  /** The stock level of its order material (null for medication, or a material with no threshold). */
  stock: StockLevel | null;
}

/** Every product of the catalogue by id, with its kind. */
export function productsById(catalogue: ProductCatalogue | undefined): Map<string, ProductSummary> {
  const products = new Map<string, ProductSummary>();
  for (const kind of PRODUCT_KINDS) {
    for (const product of catalogue?.[kind] ?? []) {
      products.set(product.id, {
        id: product.id,
        name: product.name?.trim() || 'Unnamed product',
        sku: product.sku ?? null,
        kind,
      });
    }
  }
  return products;
}

export function lotViews(
  inventory: InventoryByKind | undefined,
  catalogue: ProductCatalogue | undefined,
  today: string,
): LotView[] {
  const products = productsById(catalogue);
  const all = PRODUCT_KINDS.flatMap((kind) => (inventory?.[kind] ?? []).map((lot) => ({ lot, kind })));
  const suggestions = suggestedLots(
    all.map((entry) => entry.lot),
    today,
  );
  const materialLots = inventory?.order_material ?? [];
  const levels = new Map<string, StockLevel | null>();
  for (const material of catalogue?.order_material ?? []) levels.set(material.id, stockLevel(material, materialLots));
  return all.map(({ lot, kind }) => {
    const productId = productIdOfLot(lot, kind);
    return {
      lot,
      kind,
      product: products.get(productId) ?? null,
      expiry: expiryOf(lot.expiration_date, today),
      usable: isUsable(lot, today),
      suggested: suggestions.get(productId) === lot.id,
      stock: kind === 'order_material' ? (levels.get(productId) ?? null) : null,
    };
  });
}

/**
 * The inventory with `lot` in its place (a lot read singly is fresher than the list); a lot the list does not hold yet
 * is added under the kind it names.
 */
export function withLot(inventory: InventoryByKind | undefined, lot: InventoryLot): InventoryByKind {
  const next: InventoryByKind = { ...(inventory ?? {}) };
  for (const kind of PRODUCT_KINDS) {
    const lots = next[kind];
    if (lots?.some((candidate) => candidate.id === lot.id)) {
      next[kind] = lots.map((candidate) => (candidate.id === lot.id ? lot : candidate));
      return next;
    }
  }
  const named = PRODUCT_KINDS.find((kind) => kind === lot.product_kind || kind === lot.type) ?? 'prescription';
  next[named] = [...(next[named] ?? []), lot];
  return next;
}

/** The list's filters: everything, or only the lots needing one kind of attention. */
export type LotFilter = 'all' | 'expired' | 'within30' | 'within90' | 'low';

export const FILTER_TITLES: Record<LotFilter, string> = {
  all: 'All lots',
  expired: 'Expired',
  within30: 'Within 30 days',
  within90: 'Within 90 days',
  low: 'Low stock',
};

export function matchesFilter(view: LotView, filter: LotFilter): boolean {
  const band = view.expiry.band;
  switch (filter) {
    case 'all':
      return true;
    case 'expired':
      return band === 'expired';
    case 'within30':
      return band === 'within30';
    case 'within90':
      return band === 'within30' || band === 'within60' || band === 'within90';
    case 'low':
      return view.stock?.low === true;
  }
}

export function filterCounts(views: readonly LotView[]): Record<LotFilter, number> {
  const counts: Record<LotFilter, number> = { all: 0, expired: 0, within30: 0, within90: 0, low: 0 };
  for (const view of views) {
    for (const filter of Object.keys(counts) as LotFilter[]) if (matchesFilter(view, filter)) counts[filter] += 1;
  }
  return counts;
}

/** Words typed to narrow the list: every word must appear in the product name, SKU, batch, manufacturer or notes. */
export function matchesText(view: LotView, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { lot, product } = view;
  const haystack = [product?.name, product?.sku, lot.batch_number, lot.manufacturer, lot.mpn, lot.upc, lot.notes]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export type ListRow = { type: 'kind'; kind: ProductKind; count: number } | { type: 'lot'; view: LotView };

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
}

/** Within a kind: by product name, then the product's lots in expiry order (the one to use first on top). */
function compareViews(a: LotView, b: LotView): number {
  const byName = compareText(a.product?.name ?? '', b.product?.name ?? '');
  if (byName !== 0) return byName;
  const byProduct = compareText(a.lot.product_id ?? '', b.lot.product_id ?? '');
  if (byProduct !== 0) return byProduct;
  const aDay = a.lot.expiration_date ?? '\uffff';
  const bDay = b.lot.expiration_date ?? '\uffff';
  return aDay < bDay ? -1 : aDay > bDay ? 1 : compareText(a.lot.id, b.lot.id);
}

/** The rows to show: a heading per kind that has any lot left after filtering, then its lots. */
export function groupRows(views: readonly LotView[], filter: LotFilter, text: string): ListRow[] {
  const rows: ListRow[] = [];
  for (const kind of PRODUCT_KINDS) {
    const shown = views
      .filter((view) => view.kind === kind && matchesFilter(view, filter) && matchesText(view, text))
      .sort(compareViews);
    if (shown.length === 0) continue;
    rows.push({ type: 'kind', kind, count: shown.length });
    for (const view of shown) rows.push({ type: 'lot', view });
  }
  return rows;
}

/** The order materials at or under their reorder threshold, for the notice above the list. */
export function lowStockProducts(
  catalogue: ProductCatalogue | undefined,
  inventory: InventoryByKind | undefined,
): { product: ProductSummary; stock: StockLevel }[] {
  const products = productsById(catalogue);
  const found: { product: ProductSummary; stock: StockLevel }[] = [];
  for (const material of catalogue?.order_material ?? []) {
    if (material.is_active === false) continue;
    const level = stockLevel(material, inventory?.order_material ?? []);
    const product = products.get(material.id);
    if (level?.low && product) found.push({ product, stock: level });
  }
  return found.sort((a, b) => compareText(a.product.name, b.product.name));
}
