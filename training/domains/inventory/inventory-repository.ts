// Inventory lots of the training service: the lot row (columns + doc JSON) and its view, creating, updating and adjusting lots.

import type { Db } from '../../database/db.ts';
import { bool, docOf, flag, newId } from '../../database/records.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { ProductKind } from '../products/products-repository.ts';
import { associationsOf } from './associations.ts';

/** A row of `inventory_lots` with the kind of the product it stocks. */
export interface LotRow {
  id: string;
  product_id: string;
  product_kind: ProductKind;
  batch_number: string | null;
  current_quantity: number;
  initial_quantity: number | null;
  expiration_date: string | null;
  is_active: number;
  doc: string;
  created_at: string;
  updated_at: string;
}

/** The doc JSON of a lot: the create fields no query filters on. */
export interface LotDoc {
  cost_per_unit?: number;
  units_per_product?: number;
  unit_type?: string;
  received_date?: string;
  manufacturer?: string;
  mpn?: string;
  upc?: string;
  notes?: string;
}

/** What a lot is created or updated with (the contract's lot fields). `type` is the product's kind, never stored apart. */
export interface LotFields extends LotDoc {
  batch_number?: string;
  current_quantity?: number;
  initial_quantity?: number;
  expiration_date?: string;
  is_active?: boolean;
  type?: ProductKind;
}

const DOC_KEYS = [
  'cost_per_unit',
  'units_per_product',
  'unit_type',
  'received_date',
  'manufacturer',
  'mpn',
  'upc',
  'notes',
] as const satisfies readonly (keyof LotDoc)[];

const LOT_SELECT = 'SELECT l.*, p.kind AS product_kind FROM inventory_lots l JOIN products p ON p.id = l.product_id';
const LOT_ORDER = 'ORDER BY l.expiration_date IS NULL, l.expiration_date, l.created_at, l.id';

export function lotById(db: Db, lotId: string): LotRow | undefined {
  return db.get<LotRow>(`${LOT_SELECT} WHERE l.id = ?`, lotId);
}

export function lotsOfProduct(db: Db, productId: string): LotRow[] {
  return db.all<LotRow>(`${LOT_SELECT} WHERE l.product_id = ? ${LOT_ORDER}`, productId);
}

export function allLots(db: Db): LotRow[] {
  return db.all<LotRow>(`${LOT_SELECT} ${LOT_ORDER}`);
}

/**
 * A lot as the contract's inventoryLot; `associations` only when the lot is fetched singly. A bare inventory_lots row
 * (without product_kind) works too: the kind is then looked up.
 */
export function lotView(
  db: Db,
  row: Omit<LotRow, 'product_kind'> & { product_kind?: ProductKind },
  withAssociations: boolean,
) {
  const doc = docOf<LotDoc>(row);
  const kind =
    row.product_kind ??
    db.get<{ kind: ProductKind }>('SELECT kind FROM products WHERE id = ?', row.product_id)?.kind ??
    null;
  const view = {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    batch_number: row.batch_number,
    cost_per_unit: doc.cost_per_unit ?? null,
    current_quantity: row.current_quantity,
    initial_quantity: row.initial_quantity,
    units_per_product: doc.units_per_product ?? null,
    unit_type: doc.unit_type ?? null,
    expiration_date: row.expiration_date,
    received_date: doc.received_date ?? null,
    is_active: bool(row.is_active),
    manufacturer: doc.manufacturer ?? null,
    mpn: doc.mpn ?? null,
    upc: doc.upc ?? null,
    notes: doc.notes ?? null,
    type: kind,
    product_id: row.product_id,
    product_kind: kind,
  };
  return withAssociations ? { ...view, associations: associationsOf(db, row.id) } : view;
}

/** Creates a lot of a product and answers its id; current_quantity defaults to initial_quantity. */
export function createLot(db: Db, productId: string, fields: LotFields, now: Date): string {
  const id = newId();
  const at = now.toISOString();
  const initial = fields.initial_quantity ?? fields.current_quantity ?? 0;
  db.run(
    `INSERT INTO inventory_lots (id, product_id, batch_number, current_quantity, initial_quantity, expiration_date,
       is_active, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    productId,
    fields.batch_number ?? null,
    quantity(fields.current_quantity ?? initial),
    quantity(initial),
    fields.expiration_date === undefined ? null : serviceTimestamp(fields.expiration_date, 'expiration_date'),
    flag(fields.is_active ?? true),
    JSON.stringify(lotDocOf(fields)),
    at,
    at,
  );
  return id;
}

/** Applies a partial update; a changed current_quantity is written to the audit log like any adjustment. */
export function updateLot(db: Db, row: LotRow, changes: LotFields, userId: string | null, now: Date): void {
  const at = now.toISOString();
  const doc = { ...docOf<LotDoc>(row), ...lotDocOf(changes) };
  const current = changes.current_quantity === undefined ? row.current_quantity : quantity(changes.current_quantity);
  db.run(
    `UPDATE inventory_lots SET batch_number = ?, current_quantity = ?, initial_quantity = ?, expiration_date = ?,
       is_active = ?, doc = ?, updated_at = ? WHERE id = ?`,
    changes.batch_number ?? row.batch_number,
    current,
    changes.initial_quantity === undefined ? row.initial_quantity : quantity(changes.initial_quantity),
    changes.expiration_date === undefined
      ? row.expiration_date
      : serviceTimestamp(changes.expiration_date, 'expiration_date'),
    changes.is_active === undefined ? row.is_active : flag(changes.is_active),
    JSON.stringify(doc),
    at,
    row.id,
  );
  const delta = quantity(current - row.current_quantity);
  if (delta !== 0) recordAdjustment(db, row.id, delta, current, 'Quantity set by a lot update', userId, at);
}

/**
 * Adds `delta` (negative takes away) to a lot's quantity and records why, who and when in inventory_adjustments.
 * Answers the quantity after. Unknown lot: 404; a result below zero: 409 and nothing changes.
 */
export function adjustLot(
  db: Db,
  lotId: string,
  delta: number,
  reason: string,
  userId: string | null,
  now: Date,
): number {
  const lot = db.get<{ current_quantity: number }>('SELECT current_quantity FROM inventory_lots WHERE id = ?', lotId);
  if (!lot) throw notFound('inventory lot', lotId);
  const after = quantity(lot.current_quantity + delta);
  if (after < 0) {
    throw conflict(
      `The lot holds ${lot.current_quantity}; taking ${-delta} would leave it below zero, so nothing was changed.`,
      { current_quantity: lot.current_quantity, additional_quantity: delta },
    );
  }
  const at = now.toISOString();
  db.run('UPDATE inventory_lots SET current_quantity = ?, updated_at = ? WHERE id = ?', after, at, lotId);
  recordAdjustment(db, lotId, delta, after, reason, userId, at);
  return after;
}

function recordAdjustment(
  db: Db,
  lotId: string,
  delta: number,
  after: number,
  reason: string,
  userId: string | null,
  at: string,
): void {
  db.run(
    'INSERT INTO inventory_adjustments (id, lot_id, delta, quantity_after, reason, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    newId(),
    lotId,
    delta,
    after,
    reason,
    userId,
    at,
  );
}

function lotDocOf(fields: LotFields): LotDoc {
  const doc: Record<string, unknown> = {};
  for (const key of DOC_KEYS) if (fields[key] !== undefined) doc[key] = fields[key];
  if (typeof doc.received_date === 'string') doc.received_date = serviceTimestamp(doc.received_date, 'received_date');
  return doc as LotDoc;
}

/** Quantities may be fractional (millilitres); rounding keeps 0.1 + 0.2 from leaving crumbs in the audit log. */
function quantity(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Stores timestamps as ISO with Z; one without a zone is read as UTC, the service clock's zone. */
export function serviceTimestamp(value: string, field: string): string {
  const zoned = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(value) || !value.includes('T') ? value : `${value}Z`;
  const time = new Date(zoned);
  if (Number.isNaN(time.getTime())) throw badRequest(`Invalid body.${field}: not a real date and time.`);
  return time.toISOString();
}
