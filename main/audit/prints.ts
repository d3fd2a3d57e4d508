// The audit log's prints: one record per copy of a document, numbered per subject (the first is copy 1, any later one
// a reprint that carries its reason), with the pharmacist who allowed a label before its line was verified.
import type { PharmacyDocumentRef } from '../../contract/documents.ts';
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import type { PrintRecord } from '../../contract/ipc/print.ts';
import type { AuditRepository, Stamp } from './audit-repository.ts';
import { PRINT_COLUMNS, type PrintRow, printFromRow } from './schema-print.ts';

/** What main decided about one copy before it is kept (main/work/print resolves every field; none comes from the renderer unchecked). */
export interface PrintFacts {
  document: PharmacyDocumentRef;
  output: PrintRecord['output'];
  grounds: PrintRecord['grounds'];
  reprint: { reason: NonNullable<PrintRecord['reprintReason']>; note: string } | null;
  override: { by: AuditPerson; note: string } | null;
  printer: string | null;
  /** SHA-256 of the canonical text of the content printed (main/work/print/print-tickets.ts). */
  contentHash: string;
  /** A prescription label's lot numbers, as its verification counted them (null for other documents). */
  lots?: readonly string[] | null;
  /** A prescription label printed before the pharmacist's final check, with its band. */
  awaitingFinalCheck?: boolean;
}

/** One key per document subject: a label per prescription of an order, a slip per order, a label per lot, a badge per person. */
export function subjectKey(document: PharmacyDocumentRef): string {
  switch (document.kind) {
    case 'prescription_label':
      return `${document.orderId}/${document.prescriptionId}`;
    case 'packing_slip':
      return document.orderId;
    case 'lot_label':
      return document.lotId;
    case 'staff_badge':
      return document.userId;
  }
}

export function latestPrints(
  store: AuditRepository,
  serviceId: string,
  document: PharmacyDocumentRef,
  limit: number,
): PrintRecord[] {
  return store
    .newest<PrintRow>('print_records', serviceId, { kind: document.kind, subject: subjectKey(document) }, limit)
    .map(printFromRow);
}

export function keepPrint(store: AuditRepository, facts: PrintFacts, stamp: Stamp): PrintRecord {
  const { document } = facts;
  const subject = subjectKey(document);
  const before = store.db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM print_records WHERE service_id = ? AND kind = ? AND subject = ?',
    stamp.service_id,
    document.kind,
    subject,
  );
  const row: Omit<PrintRow, 'seq'> = {
    ...stamp,
    kind: document.kind,
    subject,
    order_id: 'orderId' in document ? document.orderId : null,
    prescription_id: 'prescriptionId' in document ? document.prescriptionId : null,
    lot_id: 'lotId' in document ? document.lotId : null,
    subject_user_id: 'userId' in document ? document.userId : null,
    copy: Number(before?.n ?? 0) + 1,
    output: facts.output,
    grounds: facts.grounds,
    reprint_reason: facts.reprint?.reason ?? null,
    reprint_note: facts.reprint?.note ?? null,
    override_by_id: facts.override?.by.id ?? null,
    override_by_email: facts.override?.by.email ?? null,
    override_by_name: facts.override?.by.name ?? null,
    override_note: facts.override?.note ?? null,
    printer: facts.printer,
    content_hash: facts.contentHash,
    lots: facts.lots && facts.lots.length > 0 ? JSON.stringify(facts.lots) : null,
    awaiting_final_check: facts.awaitingFinalCheck ? 1 : null,
  };
  return printFromRow(store.insertPrint(row, PRINT_COLUMNS));
}
