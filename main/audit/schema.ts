// The audit log's own SQLite file (audit.db): its append-only tables, and how a stored row becomes the entry answered.
import { type AuditAdjustment, type AuditEntry, type AuditStop, auditEntry } from '../../contract/ipc/audit.ts';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Migration } from '../../kits/sqlite/db.ts';
import { appendOnly, RECORD_KEYS, stopColumns, WHO_AND_WHEN } from './schema-parts.ts';
import { type RunReadsColumns, runReadsOf } from './schema-run-reads.ts';

/**
 * verifications: one row per finished verification, in the order recorded (seq). lines and scans are the JSON the
 * contract checked. service_id keeps the training service's entries apart from a real service's.
 * lot_adjustments (2): one row per lot quantity change the service confirmed to this station.
 * verification_stops (3): one row per hard stop, kept the moment it was dismissed or made a task, so a sign-out or a
 * crash before the verification ends loses none (the finished verification repeats them in its scans).
 */
export const auditMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'the verification audit log',
    sql: `
CREATE TABLE verifications (
${RECORD_KEYS}
  order_id TEXT NOT NULL,
  order_number TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('verified', 'discrepancy')),
${WHO_AND_WHEN},
  lines TEXT NOT NULL,
  scans TEXT NOT NULL,
  task_ref TEXT
);
CREATE INDEX verifications_order ON verifications (service_id, order_id, seq);
${appendOnly('verifications')}`,
  },
  {
    version: 2,
    name: 'lot quantity adjustments',
    sql: `
CREATE TABLE lot_adjustments (
${RECORD_KEYS}
  lot_id TEXT NOT NULL,
  product_id TEXT,
  batch_number TEXT,
  quantity_change REAL NOT NULL CHECK (quantity_change <> 0),
  quantity_before REAL,
  quantity_after REAL,
  reason TEXT NOT NULL,
${WHO_AND_WHEN}
);
CREATE INDEX lot_adjustments_lot ON lot_adjustments (service_id, lot_id, seq);
${appendOnly('lot_adjustments')}`,
  },
  {
    version: 3,
    name: 'hard stops kept when dismissed',
    sql: `
CREATE TABLE verification_stops (
${RECORD_KEYS}
${stopColumns(['not_on_order', 'too_many', 'expired_lot'])}
${WHO_AND_WHEN}
);
CREATE INDEX verification_stops_order ON verification_stops (service_id, order_id, seq);
${appendOnly('verification_stops')}`,
  },
];

/** Who and when of a new audit row, and its id and backend: the columns every record kind starts with. */
export interface Stamp {
  id: string;
  service_id: string;
  user_id: string | null;
  user_email: string;
  user_name: string | null;
  recorded_at: number;
}

/** A stored record of any kind: its stamp and its place in the file (`seq`). */
export interface ChainedRow extends Stamp {
  seq: number;
}

export interface VerificationRow extends ChainedRow, RunReadsColumns {
  order_id: string;
  order_number: string | null;
  outcome: AuditEntry['outcome'];
  lines: string;
  scans: string;
  task_ref: string | null;
  /** JSON of SignOff[] (migration 4). */
  sign_offs: string;
}

export function entryFromRow(row: VerificationRow): AuditEntry {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    outcome: row.outcome,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    recordedAt: new Date(row.recorded_at).toISOString(),
    lines: parseStoredJson(auditEntry.shape.lines, row.lines, `verification ${row.id}'s lines`),
    scans: parseStoredJson(auditEntry.shape.scans, row.scans, `verification ${row.id}'s scans`),
    taskRef: row.task_ref,
    signOffs: parseStoredJson(auditEntry.shape.signOffs, row.sign_offs ?? '[]', `verification ${row.id}'s sign-offs`),
    ...runReadsOf(row),
  };
}

export interface AdjustmentRow extends ChainedRow {
  lot_id: string;
  product_id: string | null;
  batch_number: string | null;
  quantity_change: number;
  quantity_before: number | null;
  quantity_after: number | null;
  reason: string;
}

export function adjustmentFromRow(row: AdjustmentRow): AuditAdjustment {
  return {
    id: row.id,
    lotId: row.lot_id,
    productId: row.product_id,
    batchNumber: row.batch_number,
    change: row.quantity_change,
    quantityBefore: row.quantity_before,
    quantityAfter: row.quantity_after,
    reason: row.reason,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

export interface StopRow extends ChainedRow {
  order_id: string;
  order_number: string | null;
  code: string;
  entry: AuditStop['entry'];
  quantity: number;
  matched_by: AuditStop['matchedBy'];
  product_id: string | null;
  lot_id: string | null;
  lot: string | null;
  expiry: string | null;
  kind: AuditStop['kind'];
  reason: AuditStop['reason'];
  note: string;
  task_ref: string | null;
  approved_by_id: string | null;
  approved_by_email: string | null;
  approved_by_name: string | null;
}

export function stopFromRow(row: StopRow): AuditStop {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    code: row.code,
    entry: row.entry,
    quantity: row.quantity,
    matchedBy: row.matched_by,
    productId: row.product_id,
    lotId: row.lot_id,
    lot: row.lot,
    expiry: row.expiry,
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    taskRef: row.task_ref,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    approvedBy: row.approved_by_email
      ? { id: row.approved_by_id, email: row.approved_by_email, name: row.approved_by_name }
      : null,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}
