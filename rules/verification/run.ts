// One verification of one order as a value: its lines, every scan with its verdict, the stop waiting for a reason,
// undo, and the audit records it becomes (each stop as it is dismissed, the whole at the end). Pure functions from one run to the next; the screen keeps the value.
import type { z } from 'zod';
import type {
  AuditEntry,
  AuditRecordInput,
  AuditStopInput,
  auditDismissReason,
  auditEntryMethod,
} from '../../contract/ipc/audit.ts';
import type { SignOffInput } from '../../contract/ipc/sign-off.ts';
import type { VerifyLine } from './lines.ts';
import type { ScanFacts, StopKind, Verdict } from './verdict.ts';

export type DismissReason = z.infer<typeof auditDismissReason>;
/** Scanner or typed, as the scan field judged it from the key times. */
export type EntryMethod = z.infer<typeof auditEntryMethod>;

export interface StopRecord {
  kind: StopKind;
  reason: DismissReason;
  note: string;
  taskRef: string | null;
}

export interface RunScan extends ScanFacts {
  seq: number;
  entry: EntryMethod;
  result: 'counted' | 'stopped' | 'unrecognised' | 'undone';
  stop: StopRecord | null;
  /** For an undone scan: the seq of the counted scan it takes back. */
  undoes: number | null;
  /** What the screen said about it. */
  message: string;
}

export interface PendingStop {
  kind: StopKind;
  title: string;
  message: string;
  facts: ScanFacts;
  entry: EntryMethod;
  /** The outbox id of the task Alt+D already queued for it, while its audit record is still to be kept. */
  reportedIn?: string;
}

export interface VerifyRun {
  lines: VerifyLine[];
  scans: RunScan[];
  pending: PendingStop | null;
  /** The audit entry once the verification was recorded; nothing counts after that. */
  recorded: AuditEntry | null;
  /** Short lines were reported in a discrepancy task (its outbox id). */
  shortReportedIn: string | null;
  nextSeq: number;
}

export function newRun(lines: VerifyLine[]): VerifyRun {
  return { lines, scans: [], pending: null, recorded: null, shortReportedIn: null, nextSeq: 1 };
}

function push(run: VerifyRun, scan: Omit<RunScan, 'seq'>): VerifyRun {
  return { ...run, scans: [...run.scans, { ...scan, seq: run.nextSeq }], nextSeq: run.nextSeq + 1 };
}

/** Units counted per product: counted scans minus undone ones. */
export function countsOf(run: Pick<VerifyRun, 'scans'>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const scan of run.scans) {
    if (scan.productId === null) continue;
    const sign = scan.result === 'counted' ? 1 : scan.result === 'undone' ? -1 : 0;
    if (sign !== 0) counts.set(scan.productId, (counts.get(scan.productId) ?? 0) + sign * scan.quantity);
  }
  return counts;
}

export function isComplete(run: VerifyRun): boolean {
  const counts = countsOf(run);
  return run.lines.every((line) => (counts.get(line.productId) ?? 0) === line.expected);
}

/** Keeps a verdict: a count or an unrecognised code at once; a stop waits for its reason (dismissStop). */
export function applyVerdict(run: VerifyRun, verdict: Verdict, entry: EntryMethod): VerifyRun {
  if (run.recorded || run.pending) return run;
  if (verdict.kind === 'stop') {
    return {
      ...run,
      pending: { kind: verdict.stop, title: verdict.title, message: verdict.message, facts: verdict.facts, entry },
    };
  }
  const result = verdict.kind === 'count' ? 'counted' : 'unrecognised';
  return push(run, { ...verdict.facts, entry, result, stop: null, undoes: null, message: verdict.message });
}

/** The waiting stop, dismissed with a reason from the picklist and a note: it goes into the scans. */
export function dismissStop(run: VerifyRun, reason: DismissReason, note: string, taskRef: string | null) {
  const pending = run.pending;
  if (!pending) return run;
  const stop: StopRecord = { kind: pending.kind, reason, note: note.trim(), taskRef };
  const cleared = { ...run, pending: null };
  return push(cleared, {
    ...pending.facts,
    entry: pending.entry,
    result: 'stopped',
    stop,
    undoes: null,
    message: pending.message,
  });
}

/** The latest counted scan not yet taken back, or null. */
export function lastUndoable(run: VerifyRun): RunScan | null {
  const undone = new Set(run.scans.map((scan) => scan.undoes).filter((seq) => seq !== null));
  for (let i = run.scans.length - 1; i >= 0; i--) {
    const scan = run.scans[i] as RunScan;
    if (scan.result === 'counted' && !undone.has(scan.seq)) return scan;
  }
  return null;
}

/** Takes back the latest counted scan; the undo itself is a scan of the log (result undone). */
export function undoLast(run: VerifyRun): VerifyRun {
  if (run.recorded || run.pending) return run;
  const last = lastUndoable(run);
  if (!last) return run;
  return push(run, {
    ...last,
    result: 'undone',
    stop: null,
    undoes: last.seq,
    message: `Took back ${last.quantity === 1 ? 'one' : last.quantity} of ${last.code}.`,
  });
}

/** Marks the stops of `seqs` as reported in the discrepancy task `taskRef`. */
export function markReported(run: VerifyRun, seqs: readonly number[], taskRef: string): VerifyRun {
  return {
    ...run,
    scans: run.scans.map((scan) =>
      scan.stop && seqs.includes(scan.seq) ? { ...scan, stop: { ...scan.stop, taskRef } } : scan,
    ),
  };
}

export interface Problems {
  /** Lines not complete, with what they have. Empty once reported or recorded as verified. */
  short: { line: VerifyLine; scanned: number }[];
  /** Dismissed stops no task reports yet. */
  stops: RunScan[];
}

export function problemsOf(run: VerifyRun): Problems {
  const counts = countsOf(run);
  const short =
    run.shortReportedIn !== null
      ? []
      : run.lines
          .map((line) => ({ line, scanned: counts.get(line.productId) ?? 0 }))
          .filter(({ line, scanned }) => scanned < line.expected);
  const stops = run.scans.filter((scan) => scan.result === 'stopped' && scan.stop?.taskRef === null);
  return { short, stops };
}

/** The audit record of this run (who and when are added by main). */
export function auditRecordOf(
  run: VerifyRun,
  order: { id: string; orderNumber: string | null },
  outcome: 'verified' | 'discrepancy',
  taskRef: string | null,
  signOffs: readonly SignOffInput[] = [],
): AuditRecordInput {
  const counts = countsOf(run);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    outcome,
    lines: run.lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      expected: line.expected,
      scanned: counts.get(line.productId) ?? 0,
      controlled: line.controlled === true,
    })),
    scans: run.scans.map((scan) => ({
      code: scan.code,
      entry: scan.entry,
      quantity: scan.quantity,
      result: scan.result,
      matchedBy: scan.matchedBy,
      productId: scan.productId,
      lotId: scan.lotId,
      lot: scan.lot,
      expiry: scan.expiry,
      stop: scan.stop,
    })),
    taskRef,
    signOffs: [...signOffs],
  };
}

/** The audit record of the waiting stop as it is dismissed with `reason` (who and when are added by main). */
export function stopRecordOf(
  pending: PendingStop,
  order: { id: string; orderNumber: string | null },
  reason: DismissReason,
  note: string,
  taskRef: string | null,
  confirmationId: string | null = null,
): AuditStopInput {
  const { facts } = pending;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    code: facts.code,
    entry: pending.entry,
    quantity: facts.quantity,
    matchedBy: facts.matchedBy,
    productId: facts.productId,
    lotId: facts.lotId,
    lot: facts.lot,
    expiry: facts.expiry,
    kind: pending.kind,
    reason,
    note: note.trim(),
    taskRef,
    confirmationId,
  };
}
