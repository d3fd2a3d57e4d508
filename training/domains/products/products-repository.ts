// Products of the training service: the one place that maps a products row (columns + doc JSON) to the contract's shapes.
import type { ProductKind } from '../../../contract/service/products.ts';
import type { Db } from '../../database/db.ts';
import { bool, docOf, flag, newId } from '../../database/records.ts';
import { conflict } from '../../http/errors.ts';

export type { ProductKind };
export const PRODUCT_KINDS: readonly ProductKind[] = ['prescription', 'non_prescription', 'order_material'];

/** A row of `products`. Lookups and stock levels are columns; the rest of the shape lives in `doc`. */
export interface ProductRow {
  id: string;
  kind: ProductKind;
  sku: string;
  name: string;
  product_code: string | null;
  upc: string | null;
  is_active: number;
  current_stock: number | null;
  reorder_threshold: number | null;
  doc: string;
  created_at: string;
  updated_at: string;
}

// A type, not an interface: the contract's loose object needs the implicit index signature.
export type ProductReason = { id: string; name?: string | null; description?: string | null };

/**
 * The doc JSON of a product: every attribute no query filters on. Which keys a kind uses is decided by `productView`;
 * unknown keys are kept but never shown.
 */
export interface ProductDoc {
  description?: string | null;
  form?: string | null;
  label_orientation?: string | null;
  strength?: string | null;
  has_prescription?: boolean;
  is_controlled_substance?: boolean;
  reasons?: ProductReason[];
  category?: string | null;
  has_inventory?: boolean;
  is_global?: boolean;
}

/** Everything a product can be created with; `kind`, `sku` and `name` are required, the rest depends on the kind. */
export interface ProductInput extends ProductDoc {
  kind: ProductKind;
  sku: string;
  name: string;
  product_code?: string | null;
  upc?: string | null;
  is_active?: boolean;
  current_stock?: number | null;
  reorder_threshold?: number | null;
}

const DOC_KEYS = [
  'description',
  'form',
  'label_orientation',
  'strength',
  'has_prescription',
  'is_controlled_substance',
  'reasons',
  'category',
  'has_inventory',
  'is_global',
] as const satisfies readonly (keyof ProductDoc)[];

/** Picks the doc keys out of an input or update, leaving out what was not given. */
export function productDocOf(input: Partial<ProductDoc>): ProductDoc {
  const doc: Record<string, unknown> = {};
  for (const key of DOC_KEYS) if (input[key] !== undefined) doc[key] = input[key];
  return doc as ProductDoc;
}

/** A products row as the contract's product of its kind, without `quantity` (an order adds that). */
export function productView(row: ProductRow) {
  const doc = docOf<ProductDoc>(row);
  const base = {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sku: row.sku,
    name: row.name,
    description: doc.description ?? null,
    // The package's barcode (UPC-A with its check digit): a stock bottle's scan names the product by it.
    upc: row.upc,
  };
  if (row.kind === 'prescription') {
    return {
      ...base,
      product_code: row.product_code,
      form: doc.form ?? null,
      is_active: bool(row.is_active),
      label_orientation: doc.label_orientation ?? null,
      strength: doc.strength ?? null,
      has_prescription: doc.has_prescription ?? false,
      is_controlled_substance: doc.is_controlled_substance ?? false,
      reasons: doc.reasons ?? [],
    };
  }
  if (row.kind === 'non_prescription') {
    return { ...base, form: doc.form ?? null, is_active: bool(row.is_active) };
  }
  return {
    ...base,
    category: doc.category ?? null,
    current_stock: row.current_stock ?? 0,
    reorder_threshold: row.reorder_threshold ?? 0,
    has_inventory: doc.has_inventory ?? false,
    is_global: doc.is_global ?? false,
    // Not in the spec's table, but the update operation sets it, so the answer shows it.
    is_active: bool(row.is_active),
  };
}

/** One product by id, SKU or product code (the first key given wins); a product code prefers an active product. */
export function findProduct(db: Db, by: { id?: string; sku?: string; product_code?: string }): ProductRow | undefined {
  if (by.id !== undefined) return db.get<ProductRow>('SELECT * FROM products WHERE id = ?', by.id);
  if (by.sku !== undefined) return db.get<ProductRow>('SELECT * FROM products WHERE sku = ?', by.sku);
  if (by.product_code !== undefined) {
    return db.get<ProductRow>(
      'SELECT * FROM products WHERE product_code = ? ORDER BY is_active DESC, created_at, id LIMIT 1',
      by.product_code,
    );
  }
  return undefined;
}

/** Every product of every kind, by name. */
export function listProducts(db: Db): ProductRow[] {
  return db.all<ProductRow>('SELECT * FROM products ORDER BY kind, name, id');
}

/** Creates a product and answers its id; a SKU already in use is a 409. Runs inside the caller's transaction. */
export function createProduct(db: Db, input: ProductInput, now: Date): string {
  assertSkuFree(db, input.sku, null);
  const id = newId();
  const at = now.toISOString();
  const isMaterial = input.kind === 'order_material';
  db.run(
    `INSERT INTO products (id, kind, sku, name, product_code, upc, is_active, current_stock, reorder_threshold, doc,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    input.kind,
    input.sku,
    input.name,
    input.product_code ?? null,
    input.upc ?? null,
    flag(input.is_active ?? true),
    isMaterial ? (input.current_stock ?? 0) : (input.current_stock ?? null),
    isMaterial ? (input.reorder_threshold ?? 0) : (input.reorder_threshold ?? null),
    JSON.stringify(productDocOf(input)),
    at,
    at,
  );
  return id;
}

/** The fields of a product an update may change (columns and doc keys); undefined leaves a field as it is. */
export type ProductChanges = Partial<Omit<ProductInput, 'kind'>>;

/** Applies a partial update to a product row and answers the updated row. */
export function updateProduct(db: Db, row: ProductRow, changes: ProductChanges, now: Date): ProductRow {
  if (changes.sku !== undefined && changes.sku !== row.sku) assertSkuFree(db, changes.sku, row.id);
  const doc = { ...docOf<ProductDoc>(row), ...productDocOf(changes) };
  db.run(
    `UPDATE products SET sku = ?, name = ?, product_code = ?, upc = ?, is_active = ?, current_stock = ?,
       reorder_threshold = ?, doc = ?, updated_at = ? WHERE id = ?`,
    changes.sku ?? row.sku,
    changes.name ?? row.name,
    changes.product_code !== undefined ? changes.product_code : row.product_code,
    changes.upc !== undefined ? changes.upc : row.upc,
    changes.is_active !== undefined ? flag(changes.is_active) : row.is_active,
    changes.current_stock !== undefined ? changes.current_stock : row.current_stock,
    changes.reorder_threshold !== undefined ? changes.reorder_threshold : row.reorder_threshold,
    JSON.stringify(doc),
    now.toISOString(),
    row.id,
  );
  return db.get<ProductRow>('SELECT * FROM products WHERE id = ?', row.id) as ProductRow;
}

function assertSkuFree(db: Db, sku: string, exceptId: string | null): void {
  const taken = db.get<{ id: string }>('SELECT id FROM products WHERE sku = ?', sku);
  if (taken && taken.id !== exceptId) {
    throw conflict(`Another product already has the SKU ${JSON.stringify(sku.slice(0, 100))}.`, {
      existing_product_id: taken.id,
    });
  }
}
