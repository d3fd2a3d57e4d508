// The verification of one order as the screen drives it: each scan judged and kept, stops dismissed with a reason (and
// kept in the audit log at once), undo, discrepancy tasks through the outbox, and the audit record when it ends.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { playBad, playGood } from '../../feedback/sounds.ts';
import type { OrderView } from '../../queries/orders.ts';
import { messageOf, station, unwrap } from '../../queries/station.ts';
import { focusScanField, SCAN_FIELD_ID } from '../../scan/focus.ts';
import type { ScanEntry } from '../../scan/keystroke-timing.ts';
import { buildCatalogueIndex, type CatalogueIndex } from './catalogue-index.ts';
import { readScannedCode } from './codes/scanned-code.ts';
import { discrepancyTaskBody, reportedNote, type StopSummary } from './discrepancy.ts';
import { entryMethodOf } from './entry-method.ts';
import { useKeyTimes } from './key-times.ts';
import { linesOfOrder, localToday, productLabel } from './lines.ts';
import { matchCode } from './match.ts';
import { auditKey, useInventory, useOrderTaskCategory, useProductCatalogue } from './queries.ts';
import {
  applyVerdict,
  auditRecordOf,
  countsOf,
  type DismissReason,
  dismissStop,
  isComplete,
  markReported,
  newRun,
  type PendingStop,
  problemsOf,
  stopRecordOf,
  undoLast,
  unsignedControlled,
  type VerifyRun,
} from './run.ts';
import { runKeyOf, useRunStore } from './run-store.ts';
import { restoreRun, saveRun } from './saved-run.ts';
import { lookUpServiceBarcode } from './service-lookup.ts';
import { judgeScan } from './verdict.ts';

export interface Feedback {
  tone: 'good' | 'bad' | 'info';
  text: string;
}

type Outcome = 'verified' | 'discrepancy';

export function useVerification(order: OrderView, who: string, baseSignOffs: readonly SignOffInput[] = []) {
  const queryClient = useQueryClient();
  const catalogue = useProductCatalogue();
  const inventory = useInventory();
  const categoryCode = useOrderTaskCategory();
  const keyTimes = useKeyTimes(SCAN_FIELD_ID);
  const key = runKeyOf(who, order.id);
  const lines = useMemo(() => linesOfOrder(order.products), [order.products]);
  const blank = useMemo(() => newRun(lines), [lines]);
  const run = useRunStore((state) => state.runs[key]) ?? blank;
  const index: CatalogueIndex = useMemo(
    () => buildCatalogueIndex(order.products, catalogue.data, inventory.data),
    [order.products, catalogue.data, inventory.data],
  );
  const indexRef = useRef(index);
  indexRef.current = index;
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState<'recording' | 'reporting' | null>(null);
  const [recordFailed, setRecordFailed] = useState<{ outcome: Outcome; taskRef: string | null } | null>(null);
  // The run kept on this station comes back first (a reload or a restart); scans wait in the queue behind it.
  const [restoring] = useState(() =>
    restoreRun(key, order.id).then(
      (scans) => {
        if (scans !== null) {
          setFeedback({ tone: 'info', text: `Resumed this verification where it was (${scans} scans kept).` });
        }
      },
      (error) => setFeedback({ tone: 'bad', text: `The saved verification could not be read: ${messageOf(error)}` }),
    ),
  );
  const queue = useRef<Promise<void>>(restoring);
  // Who else signed this verification off (a picker's override, an admin's re-verify, controlled counts).
  const signOffs = useRef<SignOffInput[]>([...baseSignOffs]);
  /** Complete, and every controlled line's count confirmed by a pharmacist: it may be recorded as verified. */
  const verifiable = (current: VerifyRun) =>
    isComplete(current) && unsignedControlled(current, signOffs.current).length === 0;
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const get = (): VerifyRun => useRunStore.getState().runs[key] ?? blank;
  /** Keeps the run in memory and on this station's disk, in order; resolves once it is written. */
  const put = (next: VerifyRun): Promise<void> => {
    useRunStore.getState().put(key, next);
    const written = saving.current.then(() => saveRun(order.id, next));
    saving.current = written.catch(() => undefined);
    return written.then(
      () => undefined,
      (error) => bad(`This step was not saved on the station (a reload would lose it): ${messageOf(error)}`),
    );
  };
  const orderRef = { id: order.id, orderNumber: order.order_number ?? null };
  const bad = (text: string) => {
    playBad();
    setFeedback({ tone: 'bad', text });
  };

  async function record(outcome: Outcome, taskRef: string | null): Promise<void> {
    setBusy('recording');
    try {
      const entry = await unwrap(
        station().audit.record(auditRecordOf(get(), orderRef, outcome, taskRef, signOffs.current)),
      );
      put({ ...get(), recorded: entry });
      setRecordFailed(null);
      void queryClient.invalidateQueries({ queryKey: auditKey(order.id) });
      // The record's banner says it from here; the scan field opens the next order again.
      setFeedback(null);
    } catch (error) {
      setRecordFailed({ outcome, taskRef });
      bad(`The verification was not recorded: ${messageOf(error)} Press Alt+S to try again.`);
    } finally {
      setBusy(null);
      focusScanField();
    }
  }

  /**
   * Keeps the waiting stop in the audit log before it is let go, so a sign-out or a closed app before the verification
   * ends loses neither the stop nor its reason. Answers why it was not kept, or null.
   */
  async function keepStop(
    pending: PendingStop,
    reason: DismissReason,
    note: string,
    taskRef: string | null,
    confirmationId: string | null = null,
  ) {
    try {
      await unwrap(station().audit.recordStop(stopRecordOf(pending, orderRef, reason, note, taskRef, confirmationId)));
      return null;
    } catch (error) {
      playBad();
      return `The stop was not written to the audit log: ${messageOf(error)}`;
    }
  }

  async function handleScan(text: string, times: number[], barEntry: ScanEntry): Promise<void> {
    const before = get();
    if (before.recorded || before.pending) return;
    const read = readScannedCode(text);
    if (!read.ok) return bad(read.message);
    const code = read.code;
    // The scan field's word (its marks, or the whole code a burst) stands; else the code after a typed count may be one.
    const entry = barEntry === 'scanner' ? 'scanner' : entryMethodOf(times, code.raw.length);
    const today = localToday();
    let match = matchCode(code, indexRef.current, today);
    let labelled: string | null = null;
    if (match.kind === 'service_barcode') {
      const looked = await lookUpServiceBarcode(code.raw, indexRef.current);
      if (!looked.ok) return bad(looked.message);
      match = looked.match;
      labelled = looked.notProduct;
    }
    const current = get();
    if (current.recorded || current.pending) return;
    const judged = judgeScan({
      code,
      match,
      lines: current.lines,
      counted: countsOf(current),
      index: indexRef.current,
      today,
    });
    const verdict = labelled && judged.kind === 'unrecognised' ? { ...judged, message: labelled } : judged;
    const next = applyVerdict(current, verdict, entry);
    // Written before it is told as counted: what the person saw counted survives a reload or a crash.
    await put(next);
    if (verdict.kind !== 'count') {
      playBad();
      setFeedback({
        tone: 'bad',
        text: verdict.kind === 'stop' ? `${verdict.title}: ${verdict.message}` : verdict.message,
      });
      return;
    }
    playGood();
    setFeedback({ tone: 'good', text: verdict.message });
    if (verifiable(next)) await record('verified', null);
    else if (isComplete(next)) {
      setFeedback({
        tone: 'info',
        text: `${verdict.message} Every line is counted: a pharmacist confirms the count of the controlled line before it is recorded.`,
      });
    }
  }

  /** A stop as the task tells it: the product, the scan, and the order's line it hit with its count so far. */
  function stopSummary(scan: {
    stop: StopSummary['kind'];
    facts: { code: string; productId: string | null; quantity: number };
    message: string;
  }): Omit<StopSummary, 'reason' | 'note'> {
    const product = scan.facts.productId ? indexRef.current.products.get(scan.facts.productId) : undefined;
    const line = get().lines.find((candidate) => candidate.productId === scan.facts.productId);
    return {
      kind: scan.stop,
      label: productLabel(product, scan.facts.productId),
      code: scan.facts.code,
      quantity: scan.facts.quantity,
      message: scan.message,
      line: line
        ? { label: productLabel(line), expected: line.expected, scanned: countsOf(get()).get(line.productId) ?? 0 }
        : null,
    };
  }

  async function enqueueTask(problems: Parameters<typeof discrepancyTaskBody>[1]): Promise<string | null> {
    try {
      const body = discrepancyTaskBody(orderRef, problems, categoryCode);
      const entry = await unwrap(station().tasks.enqueue({ kind: 'create', body }));
      return entry.id;
    } catch (error) {
      bad(`The discrepancy task was not queued: ${messageOf(error)}`);
      return null;
    }
  }

  return {
    run,
    lines,
    index,
    feedback,
    busy,
    recordFailed,
    catalogueMissing: !catalogue.data || !inventory.data,
    catalogueError: catalogue.error ?? inventory.error,
    onScan(text: string, barEntry: ScanEntry) {
      const times = keyTimes.takeLast();
      queue.current = queue.current
        .then(() => handleScan(text, times, barEntry))
        .catch((error) => bad(messageOf(error)));
    },
    /** Keeps the stop in the audit log, then lets it go; answers why it could not (the dialog stays open), or null. */
    async dismiss(reason: DismissReason, note: string, confirmationId: string | null): Promise<string | null> {
      const pending = get().pending;
      if (!pending) return null;
      const failed = await keepStop(pending, reason, note, null, confirmationId);
      if (failed) return `${failed} Try again.`;
      put(dismissStop(get(), reason, note, null));
      setFeedback({ tone: 'info', text: `Stop dismissed (${pending.title}). Carry on scanning.` });
      setTimeout(() => focusScanField(true), 0);
      return null;
    },
    /** The open stop becomes a discrepancy task, is kept in the audit log and dismissed as reported (Alt+D in it). */
    async reportStop(typedReason: DismissReason | null, typedNote: string): Promise<string | null> {
      const pending = get().pending;
      if (!pending || busy) return null;
      const note = reportedNote(typedReason, typedNote);
      setBusy('reporting');
      // A task queued on an earlier try (its audit record failed) is not queued twice.
      const taskRef =
        pending.reportedIn ??
        (await enqueueTask({
          short: [],
          stops: [
            {
              ...stopSummary({ stop: pending.kind, facts: pending.facts, message: pending.message }),
              reason: typedReason,
              note: typedNote.trim() || null,
            },
          ],
        }));
      if (!taskRef) {
        setBusy(null);
        return 'The discrepancy task was not queued. Try again.';
      }
      const reported = { ...pending, reportedIn: taskRef };
      put({ ...get(), pending: reported });
      const failed = await keepStop(reported, 'reported_as_task', note, taskRef);
      setBusy(null);
      if (failed) return `The task is queued. ${failed} Press Alt+D to try again.`;
      put(dismissStop(get(), 'reported_as_task', note, taskRef));
      setFeedback({
        tone: 'info',
        text: 'Discrepancy task queued; it reaches the service by itself. Carry on scanning.',
      });
      setTimeout(() => focusScanField(true), 0);
      return null;
    },
    /** Alt+D on the screen: every unreported problem as one task; an unfinished verification ends with it. */
    async reportDiscrepancy() {
      const current = get();
      if (busy || current.pending) return;
      const problems = problemsOf(current);
      if (problems.short.length === 0 && problems.stops.length === 0) return;
      setBusy('reporting');
      const counts = countsOf(current);
      const taskRef = await enqueueTask({
        short: problems.short.map(({ line }) => ({
          label: productLabel(line),
          scanned: counts.get(line.productId) ?? 0,
          expected: line.expected,
        })),
        stops: problems.stops.map((scan) => ({
          ...stopSummary({ stop: scan.stop?.kind ?? 'not_on_order', facts: scan, message: scan.message }),
          reason: scan.stop?.reason ?? null,
          note: scan.stop?.note ?? null,
        })),
      });
      setBusy(null);
      if (!taskRef) return;
      const reported = markReported(
        get(),
        problems.stops.map((scan) => scan.seq),
        taskRef,
      );
      put(problems.short.length > 0 ? { ...reported, shortReportedIn: taskRef } : reported);
      setFeedback({ tone: 'info', text: 'Discrepancy task queued; it reaches the service by itself.' });
      if (!current.recorded) await record(verifiable(get()) ? 'verified' : 'discrepancy', taskRef);
    },
    /** Controlled lines counted but not yet confirmed by a pharmacist (the screen asks for one). */
    awaitingPharmacist: isComplete(run) && !run.recorded ? unsignedControlled(run, signOffs.current) : [],
    /** A pharmacist confirmed the controlled counts: each such line is signed off, then the verification is recorded. */
    async confirmControlled(confirmationId: string, note: string): Promise<string | null> {
      const current = get();
      const lines = unsignedControlled(current, signOffs.current);
      const before = signOffs.current;
      signOffs.current = [
        ...signOffs.current,
        ...lines.map((line) => ({
          purpose: 'controlled_count' as const,
          productId: line.productId,
          note,
          confirmationId,
        })),
      ];
      await record('verified', null);
      if (get().recorded) return null;
      // The confirmation was used up by the refused record: the pharmacist confirms again.
      signOffs.current = before;
      return 'The verification was not recorded; the pharmacist confirms again.';
    },
    endIncomplete() {
      const current = get();
      if (current.recorded || current.pending || isComplete(current) || busy) return;
      void record('discrepancy', null);
    },
    retryRecord() {
      if (recordFailed && !busy) void record(recordFailed.outcome, recordFailed.taskRef);
    },
    /** Behind any scan still being judged and saved: the undo takes back what the person saw last. */
    undo() {
      queue.current = queue.current.then(() => {
        const current = get();
        const next = undoLast(current);
        if (next === current) return;
        void put(next);
        setFeedback({ tone: 'info', text: next.scans.at(-1)?.message ?? 'Took back the last scan.' });
      });
    },
    again() {
      put(newRun(lines));
      setRecordFailed(null);
      setFeedback({ tone: 'info', text: 'A new verification of this order: scan each product.' });
    },
  };
}

export type Verification = ReturnType<typeof useVerification>;
