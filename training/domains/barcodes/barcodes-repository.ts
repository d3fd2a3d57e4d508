// Barcodes in the training store: which records may carry one, issuing a value, listing, and checking a scanned value.
import { randomBytes } from 'node:crypto';
import type { BarcodeEntityType } from '../../../contract/service/barcodes.ts';
import type { Db } from '../../database/db.ts';
import { bool, newId } from '../../database/records.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { serviceTimestamp } from '../inventory/inventory-repository.ts';

export interface BarcodeRow {
  id: string;
  value: string;
  entity_type: BarcodeEntityType;
  entity_id: string;
  is_active: number;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Where each kind of record lives; products are one table, so the kind must match too. */
const ENTITIES: Record<BarcodeEntityType, { table: string; kind?: string; what: string }> = {
  user: { table: 'users', what: 'user' },
  order: { table: 'orders', what: 'order' },
  patient: { table: 'patients', what: 'patient' },
  prescription: { table: 'prescriptions', what: 'prescription' },
  prescription_product: { table: 'products', kind: 'prescription', what: 'prescription product' },
  non_prescription_product: { table: 'products', kind: 'non_prescription', what: 'non-prescription product' },
  order_material: { table: 'products', kind: 'order_material', what: 'order material' },
  inventory: { table: 'inventory_lots', what: 'inventory lot' },
};

/** Refuses (404) a barcode for a record that does not exist, or for a product of another kind. */
export function requireEntity(db: Db, type: BarcodeEntityType, id: string): void {
  const { table, kind, what } = ENTITIES[type];
  // The table name comes from the fixed map above, never from the request.
  const row = db.get<{ kind?: string }>(`SELECT ${kind ? 'kind' : '1 AS found'} FROM ${table} WHERE id = ?`, id);
  if (!row) throw notFound(what, id);
  if (kind && row.kind !== kind) {
    throw new HttpError(404, 'not_found', `Product ${id} is not a ${what} (it is a ${row.kind} product).`);
  }
}

/** `ORDER-<uuid>-<8 hex>`: the record's type and id, then 32 random bits so a reissued label differs. */
function newValue(type: BarcodeEntityType, id: string): string {
  return `${type.toUpperCase()}-${id}-${randomBytes(4).toString('hex')}`;
}

/**
 * Issues a barcode for a record. Decision: the newest barcode of a record is its valid one — issuing a new one
 * deactivates the earlier ones (a lost badge or a spoilt label stops scanning). Call inside a write transaction.
 */
export function issueBarcode(
  db: Db,
  type: BarcodeEntityType,
  entityId: string,
  expiresAt: string | undefined,
  now: Date,
): BarcodeRow {
  requireEntity(db, type, entityId);
  const expires = expiresAt === undefined ? null : serviceTimestamp(expiresAt, 'expires_at');
  if (expires !== null && expires <= now.toISOString()) {
    throw unprocessable('expires_at is in the past: a barcode must be valid when it is issued.');
  }
  const at = now.toISOString();
  db.run(
    'UPDATE barcodes SET is_active = 0, updated_at = ? WHERE entity_type = ? AND entity_id = ? AND is_active = 1',
    at,
    type,
    entityId,
  );
  let value = newValue(type, entityId);
  while (db.get('SELECT 1 FROM barcodes WHERE value = ?', value)) value = newValue(type, entityId);
  const id = newId();
  db.run(
    `INSERT INTO barcodes (id, value, entity_type, entity_id, is_active, expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
    id,
    value,
    type,
    entityId,
    expires,
    at,
    at,
  );
  return db.get<BarcodeRow>('SELECT * FROM barcodes WHERE id = ?', id) as BarcodeRow;
}

/** One page of a record's barcodes, newest first, optionally only the active (or inactive) ones. */
export function listBarcodes(
  db: Db,
  type: BarcodeEntityType,
  entityId: string,
  isActive: boolean | undefined,
  page: { pageSize: number; offset: number },
): { rows: BarcodeRow[]; total: number } {
  const active = isActive === undefined ? null : isActive ? 1 : 0;
  const where = 'entity_type = ? AND entity_id = ? AND (? IS NULL OR is_active = ?)';
  const total = (
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM barcodes WHERE ${where}`, type, entityId, active, active) as {
      n: number;
    }
  ).n;
  const rows = db.all<BarcodeRow>(
    `SELECT * FROM barcodes WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    type,
    entityId,
    active,
    active,
    page.pageSize,
    page.offset,
  );
  return { rows, total };
}

/**
 * What a scanned value labels. Unknown: 404. Decision: a value that was issued but no longer scans — deactivated by a
 * newer barcode, or past expires_at — is 410 Gone, with error `barcode_inactive` or `barcode_expired`.
 */
export function verifyBarcode(db: Db, value: string, now: Date): BarcodeRow {
  const row = db.get<BarcodeRow>('SELECT * FROM barcodes WHERE value = ?', value);
  if (!row) throw notFound('barcode', value);
  if (!bool(row.is_active)) {
    throw new HttpError(410, 'barcode_inactive', 'This barcode was replaced by a newer one and no longer scans.');
  }
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) {
    throw new HttpError(410, 'barcode_expired', `This barcode expired at ${row.expires_at}.`);
  }
  return row;
}

export function barcodeView(row: BarcodeRow, image?: string) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    value: row.value,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    is_active: bool(row.is_active),
    expires_at: row.expires_at,
    ...(image === undefined ? {} : { image }),
  };
}
