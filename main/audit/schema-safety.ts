// Migration 4 of audit.db: who else signed a record off, the pharmacist's review decisions, and the hash chain that
// makes the whole log tamper-evident. Split from schema.ts to keep each file about one thing.
import { type ReviewDecision, reviewDecision } from '../../contract/ipc/audit-review.ts';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Migration } from '../../kits/sqlite/db.ts';
import type { ChainedRow } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

/**
 * verifications.sign_offs: JSON array of { purpose, productId, note, by } (a pharmacist's confirmation or an admin).
 * verification_stops.approved_by_*: the pharmacist who confirmed a "pharmacist approved" stop at the station.
 * review_decisions: one row per decision a pharmacist took on a prescription.
 * audit_chain: one link per record of any table, in the order written: the record's own hash, the previous link's
 * hash and this link's hash over both. ADD COLUMN with a default leaves the append-only triggers as they were.
 */
export const safetyMigration: Migration = {
  version: 4,
  name: 'sign-offs, review decisions and the hash chain',
  sql: `
ALTER TABLE verifications ADD COLUMN sign_offs TEXT NOT NULL DEFAULT '[]';
ALTER TABLE verification_stops ADD COLUMN approved_by_id TEXT;
ALTER TABLE verification_stops ADD COLUMN approved_by_email TEXT;
ALTER TABLE verification_stops ADD COLUMN approved_by_name TEXT;
CREATE TABLE review_decisions (
${RECORD_KEYS}
  prescription_id TEXT NOT NULL,
  decision TEXT NOT NULL CHECK (decision IN ('reviewed', 'needs_clarification', 'exception')),
  findings TEXT NOT NULL,
  note TEXT NOT NULL,
  task_ref TEXT,
${WHO_AND_WHEN}
);
CREATE INDEX review_decisions_prescription ON review_decisions (service_id, prescription_id, seq);
${appendOnly('review_decisions')}
CREATE TABLE audit_chain (
  seq INTEGER PRIMARY KEY,
  record_table TEXT NOT NULL,
  record_id TEXT NOT NULL,
  recorded_at INTEGER NOT NULL,
  record_hash TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  UNIQUE (record_table, record_id)
);
CREATE INDEX audit_chain_time ON audit_chain (recorded_at, seq);
CREATE TABLE audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${appendOnly('audit_chain')}`,
};

export interface ReviewRow extends ChainedRow {
  prescription_id: string;
  decision: ReviewDecision['decision'];
  findings: string;
  note: string;
  task_ref: string | null;
}

export function reviewFromRow(row: ReviewRow): ReviewDecision {
  return {
    id: row.id,
    prescriptionId: row.prescription_id,
    decision: row.decision,
    findings: parseStoredJson(reviewDecision.shape.findings, row.findings, `review ${row.id}'s findings`),
    note: row.note,
    taskRef: row.task_ref,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}
