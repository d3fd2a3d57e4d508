// Inventory associations: which products draw on a lot, and how many of the lot's units make one of each.

import type { Db } from '../../database/db.ts';
import { customerId } from '../../database/records.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { PRODUCT_KINDS, type ProductKind } from '../products/products-repository.ts';

/** The training service serves one clinic; associations name it. */
export const TRAINING_CUSTOMER_NAME = 'Training Pharmacy';

interface AssociationRow {
  product_id: string;
  units_per_product: number;
  kind: ProductKind;
  name: string;
}

const ASSOCIATION_SELECT = `SELECT a.product_id, a.units_per_product, p.kind, p.name
  FROM inventory_associations a JOIN products p ON p.id = a.product_id`;

function associationView(row: AssociationRow, customer: string) {
  return {
    product_id: row.product_id,
    customer: TRAINING_CUSTOMER_NAME,
    customer_id: customer,
    name: row.name,
    units_per_product: row.units_per_product,
  };
}

/** A lot's associations keyed by the kind of the associated product; every kind is present, maybe empty. */
export function associationsOf(db: Db, lotId: string) {
  const byKind = Object.fromEntries(PRODUCT_KINDS.map((kind) => [kind, [] as ReturnType<typeof associationView>[]]));
  const rows = db.all<AssociationRow>(`${ASSOCIATION_SELECT} WHERE a.lot_id = ? ORDER BY p.name, a.product_id`, lotId);
  if (rows.length === 0) return byKind as Record<ProductKind, ReturnType<typeof associationView>[]>;
  const customer = customerId(db);
  for (const row of rows) byKind[row.kind]?.push(associationView(row, customer));
  return byKind as Record<ProductKind, ReturnType<typeof associationView>[]>;
}

/** Links a product to a lot; the lot and product must exist (404) and the link must be new (409). */
export function createAssociation(db: Db, lotId: string, productId: string, unitsPerProduct: number, now: Date) {
  if (!db.get('SELECT id FROM inventory_lots WHERE id = ?', lotId)) throw notFound('inventory lot', lotId);
  if (!db.get('SELECT id FROM products WHERE id = ?', productId)) throw notFound('product', productId);
  if (db.get('SELECT 1 FROM inventory_associations WHERE lot_id = ? AND product_id = ?', lotId, productId)) {
    throw conflict('That product is already associated with this lot.', { lot_id: lotId, product_id: productId });
  }
  associateReceivedLot(db, lotId, productId, unitsPerProduct, now);
  const row = db.get<AssociationRow>(`${ASSOCIATION_SELECT} WHERE a.lot_id = ? AND a.product_id = ?`, lotId, productId);
  return associationView(row as AssociationRow, customerId(db));
}

/**
 * Records that `productId` draws on the lot, without answering a view: a lot received for a product (and every demo
 * lot) is that product's stock. Draws no id, so seeding with it leaves the demo data's sequence as it was.
 */
export function associateReceivedLot(db: Db, lotId: string, productId: string, unitsPerProduct: number, now: Date) {
  db.run(
    'INSERT INTO inventory_associations (lot_id, product_id, units_per_product, created_at) VALUES (?, ?, ?, ?)',
    lotId,
    productId,
    unitsPerProduct,
    now.toISOString(),
  );
}

/** Unlinks a product from a lot; 404 when the lot is unknown or the product was not associated with it. */
export function deleteAssociation(db: Db, lotId: string, productId: string): void {
  if (!db.get('SELECT id FROM inventory_lots WHERE id = ?', lotId)) throw notFound('inventory lot', lotId);
  const removed = db.run('DELETE FROM inventory_associations WHERE lot_id = ? AND product_id = ?', lotId, productId);
  if (removed.changes === 0) throw notFound('association of this lot with the product', productId);
}
