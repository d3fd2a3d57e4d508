// The copies of the drills' documents (a practice bin sheet per attempt, a competency record per trainee), kept in
// drill-results.db (migration 2 there), never in the pharmacy's audit log: numbered per subject like any document's
// copies, a reprint with its reason, the hash of the content printed, who and when.
import { randomUUID } from 'node:crypto';
import type { DrillDocumentRef } from '../../../contract/documents.ts';
import type { PrintRecord } from '../../../contract/ipc/print.ts';
import type { Db, Migration } from '../../../kits/sqlite/db.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { AuditUser, PrintFacts } from '../../audit/index.ts';

type Kind = DrillDocumentRef['kind'];

export const drillDocumentPrintsMigration: Migration = {
  version: 2,
  name: 'copies of the drills documents',
  sql: `
CREATE TABLE drill_document_prints (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  service_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('practice_bin', 'competency_record')),
  subject TEXT NOT NULL,
  order_id TEXT,
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
CREATE INDEX drill_document_prints_by_subject ON drill_document_prints (service_id, kind, subject, seq);`,
};

interface Row {
  id: string;
  kind: Kind;
  order_id: string | null;
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
  kind: row.kind,
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
  lots: null,
  awaitingFinalCheck: false,
  user: { id: row.user_id, email: row.user_email, name: row.user_name },
  recordedAt: new Date(row.recorded_at).toISOString(),
});

export interface DrillDocumentPrints {
  /** Newest first. */
  list(kind: Kind, subject: string, limit: number): PrintRecord[];
  add(
    document: { kind: Kind; subject: string; orderId: string | null },
    facts: Omit<PrintFacts, 'document'>,
    user: AuditUser,
    at: number,
  ): PrintRecord;
}

export function drillDocumentPrints(db: Db, serviceId: string): DrillDocumentPrints {
  const list = (kind: Kind, subject: string, limit: number) =>
    db
      .all<Row>(
        'SELECT * FROM drill_document_prints WHERE service_id = ? AND kind = ? AND subject = ? ORDER BY seq DESC LIMIT ?',
        serviceId,
        kind,
        subject,
        limit,
      )
      .map(recordOf);
  return {
    list,
    add(document, facts, user, at) {
      const id = randomUUID();
      db.transaction(() => {
        const before = list(document.kind, document.subject, 1)[0]?.copy ?? 0;
        db.run(
          `INSERT INTO drill_document_prints (id, service_id, kind, subject, order_id, copy, output, reprint_reason,
             reprint_note, printer, content_hash, user_id, user_email, user_name, recorded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          serviceId,
          document.kind,
          document.subject,
          document.orderId,
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
      return list(document.kind, document.subject, 1)[0] as PrintRecord;
    },
  };
}
