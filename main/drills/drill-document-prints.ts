// The copies of a drill's practice bin sheet, kept in drill-results.db beside the attempt (migration 2 there), never in
// the pharmacy's audit log: numbered per attempt like any document's copies, a reprint with its reason, the hash of
// the content printed, who and when.
import { randomUUID } from 'node:crypto';
import type { PrintRecord } from '../../contract/ipc/print.ts';
import { nameOf } from '../../contract/rules/words/person-name.ts';
import type { AuditUser, PrintFacts } from '../audit/index.ts';
import type { Db, Migration } from '../kit/sqlite/db.ts';

export const binSheetPrintsMigration: Migration = {
  version: 2,
  name: 'practice bin sheet copies',
  sql: `
CREATE TABLE bin_sheet_prints (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  service_id TEXT NOT NULL,
  attempt_id TEXT NOT NULL REFERENCES drill_attempts (id),
  order_id TEXT NOT NULL,
  copy INTEGER NOT NULL CHECK (copy >= 1),
  output TEXT NOT NULL CHECK (output IN ('print', 'pdf')),
  reprint_reason TEXT,
  reprint_note TEXT,
  printer TEXT,
  content_hash TEXT NOT NULL,
  user_id TEXT,
  user_email TEXT NOT NULL,
  user_name TEXT,
  recorded_at INTEGER NOT NULL
);
CREATE INDEX bin_sheet_prints_by_attempt ON bin_sheet_prints (service_id, attempt_id, seq);`,
};

interface Row {
  id: string;
  order_id: string;
  copy: number;
  output: PrintRecord['output'];
  reprint_reason: PrintRecord['reprintReason'];
  reprint_note: string | null;
  printer: string | null;
  content_hash: string;
  user_id: string | null;
  user_email: string;
  user_name: string | null;
  recorded_at: number;
}

const recordOf = (row: Row): PrintRecord => ({
  id: row.id,
  kind: 'practice_bin',
  orderId: row.order_id,
  prescriptionId: null,
  lotId: null,
  userId: null,
  copy: row.copy,
  output: row.output,
  grounds: 'not_gated',
  reprintReason: row.reprint_reason,
  reprintNote: row.reprint_note,
  overrideBy: null,
  overrideNote: null,
  printer: row.printer,
  contentHash: row.content_hash,
  user: { id: row.user_id, email: row.user_email, name: row.user_name },
  recordedAt: new Date(row.recorded_at).toISOString(),
});

export interface BinSheetPrints {
  /** Newest first. */
  list(attemptId: string, limit: number): PrintRecord[];
  add(
    attempt: { id: string; orderId: string },
    facts: Omit<PrintFacts, 'document'>,
    user: AuditUser,
    at: number,
  ): PrintRecord;
}

export function binSheetPrints(db: Db, serviceId: string): BinSheetPrints {
  const list = (attemptId: string, limit: number) =>
    db
      .all<Row>(
        'SELECT * FROM bin_sheet_prints WHERE service_id = ? AND attempt_id = ? ORDER BY seq DESC LIMIT ?',
        serviceId,
        attemptId,
        limit,
      )
      .map(recordOf);
  return {
    list,
    add(attempt, facts, user, at) {
      const id = randomUUID();
      db.transaction(() => {
        const before = list(attempt.id, 1)[0]?.copy ?? 0;
        db.run(
          `INSERT INTO bin_sheet_prints (id, service_id, attempt_id, order_id, copy, output, reprint_reason, reprint_note,
             printer, content_hash, user_id, user_email, user_name, recorded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          serviceId,
          attempt.id,
          attempt.orderId,
          before + 1,
          facts.output,
          facts.reprint?.reason ?? null,
          facts.reprint?.note ?? null,
          facts.printer,
          facts.contentHash,
          user.id,
          user.email,
          nameOf(user),
          at,
        );
      });
      return list(attempt.id, 1)[0] as PrintRecord;
    },
  };
}
