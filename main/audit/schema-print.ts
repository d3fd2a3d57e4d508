// Migration 5 of audit.db: every print and reprint of a document (prescription label, packing slip, lot label, staff
// badge) with who, which copy, why a reprint, and the pharmacist who allowed an unverified label. Chained like the rest.

import { z } from 'zod';
import type { PrintRecord } from '../../contract/ipc/print.ts';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Migration } from '../../kits/sqlite/db.ts';
import type { ChainedRow } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export const printMigration: Migration = {
  version: 5,
  name: 'prints and reprints of documents',
  sql: `
CREATE TABLE print_records (
${RECORD_KEYS}
  kind TEXT NOT NULL CHECK (kind IN ('prescription_label', 'packing_slip', 'lot_label', 'staff_badge')),
  subject TEXT NOT NULL,
  order_id TEXT,
  prescription_id TEXT,
  lot_id TEXT,
  subject_user_id TEXT,
  copy INTEGER NOT NULL CHECK (copy >= 1),
  output TEXT NOT NULL CHECK (output IN ('print', 'pdf')),
  grounds TEXT NOT NULL CHECK (grounds IN ('verified', 'pharmacist', 'not_gated')),
  reprint_reason TEXT,
  reprint_note TEXT,
  override_by_id TEXT,
  override_by_email TEXT,
  override_by_name TEXT,
  override_note TEXT,
  printer TEXT,
${WHO_AND_WHEN}
);
CREATE INDEX print_records_subject ON print_records (service_id, kind, subject, seq);
${appendOnly('print_records')}`,
};

/** Migration 6: the SHA-256 of the printed content's canonical text (contract/document-content.ts), so the copy on
 * paper is the copy recorded; chained with the rest of the record. Earlier records have none. */
export const printContentMigration: Migration = {
  version: 6,
  name: 'the hash of the content each copy printed',
  sql: 'ALTER TABLE print_records ADD COLUMN content_hash TEXT;',
};

/** Migration 14: a prescription label's lot numbers (JSON), as the verification that counted its line read them. */
export const printLotsMigration: Migration = {
  version: 14,
  name: 'the lots of each prescription label',
  sql: 'ALTER TABLE print_records ADD COLUMN lots TEXT;',
};

/** Migration 16: a prescription label printed before the pharmacist's final check (1, with its band); NULL when final. */
export const printAwaitingMigration: Migration = {
  version: 16,
  name: 'labels printed awaiting the pharmacist’s final check',
  sql: 'ALTER TABLE print_records ADD COLUMN awaiting_final_check INTEGER CHECK (awaiting_final_check IN (1));',
};

export interface PrintRow extends ChainedRow {
  kind: PrintRecord['kind'];
  /** The document's subject as one key (the prescription, the order, the lot or the person), for counting copies. */
  subject: string;
  order_id: string | null;
  prescription_id: string | null;
  lot_id: string | null;
  subject_user_id: string | null;
  copy: number;
  output: PrintRecord['output'];
  grounds: PrintRecord['grounds'];
  reprint_reason: PrintRecord['reprintReason'];
  reprint_note: string | null;
  override_by_id: string | null;
  override_by_email: string | null;
  override_by_name: string | null;
  override_note: string | null;
  printer: string | null;
  content_hash: string | null;
  lots: string | null;
  awaiting_final_check: 1 | null;
}

export const PRINT_COLUMNS = [
  'id',
  'service_id',
  'kind',
  'subject',
  'order_id',
  'prescription_id',
  'lot_id',
  'subject_user_id',
  'copy',
  'output',
  'grounds',
  'reprint_reason',
  'reprint_note',
  'override_by_id',
  'override_by_email',
  'override_by_name',
  'override_note',
  'printer',
  'content_hash',
  'lots',
  'awaiting_final_check',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof Omit<PrintRow, 'seq'>)[];

export function printFromRow(row: PrintRow): PrintRecord {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.order_id,
    prescriptionId: row.prescription_id,
    lotId: row.lot_id,
    userId: row.subject_user_id,
    copy: row.copy,
    output: row.output,
    grounds: row.grounds,
    reprintReason: row.reprint_reason,
    reprintNote: row.reprint_note,
    overrideBy: row.override_by_email
      ? { id: row.override_by_id, email: row.override_by_email, name: row.override_by_name }
      : null,
    overrideNote: row.override_note,
    printer: row.printer,
    contentHash: row.content_hash,
    lots: row.lots ? parseStoredJson(z.array(z.string()), row.lots, 'a label’s lots') : null,
    awaitingFinalCheck: row.awaiting_final_check === 1,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}
