// The audit log's pharmacist review decisions, and its export of a date range (CSV or JSON) with the chain's hashes.
import type { z } from 'zod';
import { type AuditExport, type ReviewDecision, reviewDecisionInput } from '../../contract/ipc/audit-review.ts';
import type { AuditRepository, Stamp } from './audit-repository.ts';
import type { Checkpoint } from './chain-state.ts';
import { reviewFromRow } from './schema-safety.ts';

export function keepReview(
  store: AuditRepository,
  input: unknown,
  stamp: Stamp,
  refusal: (what: string, error: z.ZodError) => Error,
): ReviewDecision {
  const parsed = reviewDecisionInput.safeParse(input);
  if (!parsed.success) throw refusal('The review decision', parsed.error);
  const review = parsed.data;
  const row = store.insertReview({
    ...stamp,
    prescription_id: review.prescriptionId,
    decision: review.decision,
    findings: JSON.stringify(review.findings),
    note: review.note,
    task_ref: review.taskRef,
  });
  return reviewFromRow(row);
}

export function listReviews(store: AuditRepository, serviceId: string, prescriptionId: string, limit: number) {
  return store.latestReviews(serviceId, prescriptionId, limit).map(reviewFromRow);
}

const DAY = 86_400_000;
const KIND: Record<string, string> = {
  verifications: 'verification',
  verification_stops: 'hard_stop',
  lot_adjustments: 'lot_adjustment',
  review_decisions: 'review_decision',
  print_records: 'print',
  refused_confirmations: 'refused_confirmation',
  setting_changes: 'setting_change',
  unkeyed_acknowledgements: 'unkeyed_acknowledgement',
  final_checks: 'final_check',
};

/** What each kind of record is about, for the CSV's subject column. */
function subjectOf(row: Record<string, unknown>): string {
  const subject =
    row.order_number ??
    row.order_id ??
    row.lot_id ??
    row.prescription_id ??
    row.subject ??
    row.field ??
    row.chain_id ??
    '';
  return String(subject);
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS = [
  'chain_seq',
  'kind',
  'id',
  'recorded_at',
  'user_email',
  'user_name',
  'subject',
  'record',
  'prev_hash',
  'hash',
];

export function exportRecords(
  store: AuditRepository,
  serviceId: string,
  input: { from: string; to: string; format: 'csv' | 'json' },
  checkpoint: Checkpoint | null,
): AuditExport {
  const fromMs = Date.parse(`${input.from}T00:00:00Z`);
  const toMs = Date.parse(`${input.to}T00:00:00Z`) + DAY;
  const records = store.recordsBetween(serviceId, fromMs, toMs).map((record) => ({
    chainSeq: record.chainSeq,
    kind: KIND[record.table] ?? record.table,
    recordedAt: new Date(Number(record.row.recorded_at)).toISOString(),
    record: record.row,
    prevHash: record.prevHash,
    hash: record.hash,
  }));
  const filename = `audit-${input.from}-to-${input.to}.${input.format}`;
  if (input.format === 'json') {
    // The chain's signed checkpoint as of the export: kept elsewhere, `npm run audit -- verify --checkpoint FILE` checks
    // the station's chain against it later (a shortened or rewritten chain shows).
    const content = JSON.stringify({ from: input.from, to: input.to, checkpoint, records }, null, 2);
    return { format: 'json', filename, records: records.length, content };
  }
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of records) {
    const row = r.record;
    lines.push(
      [
        r.chainSeq,
        r.kind,
        row.id,
        r.recordedAt,
        row.user_email,
        row.user_name,
        subjectOf(row),
        JSON.stringify(row),
        r.prevHash,
        r.hash,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { format: 'csv', filename, records: records.length, content: `${lines.join('\r\n')}\r\n` };
}
