// The verification of one order as the screen drives it, put together from one hook per job: main's run kept and
// painted (use-kept-run.ts), the scan loop to main (use-scan-loop.ts), the run's ends asked of main (use-run-audit.ts)
// and the discrepancy tasks through the outbox (use-discrepancy-tasks.ts). Here: what the screen's buttons and keys do
// with them (stops let go with a reason, reported as a task, the controlled count confirmed, end, again).
import { useMemo, useRef } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { buildCatalogueIndex, type CatalogueIndex } from '../../../rules/verification/catalogue-index.ts';
import { reportedNote } from '../../../rules/verification/discrepancy.ts';
import { productLabel } from '../../../rules/verification/lines.ts';
import { unsignedControlled } from '../../../rules/verification/outcome.ts';
import { countsOf, type DismissReason, isComplete, problemsOf } from '../../../rules/verification/run.ts';
import { CATALOGUE_STALE_MS, useCatalogue, useInventoryList } from '../../queries/inventory.ts';
import type { OrderView } from '../../queries/orders.ts';
import { dropRun } from '../../queries/verify-runs.ts';
import { focusScanField } from '../../scan/focus.ts';

import { useRunFeedback } from './run-feedback.ts';
import { useDiscrepancyTasks } from './use-discrepancy-tasks.ts';
import { useKeptRun } from './use-kept-run.ts';
import { useRunAudit } from './use-run-audit.ts';
import { useScanLoop } from './use-scan-loop.ts';
import { runWords } from './wording.ts';

export type { Feedback } from './run-feedback.ts';

export function useVerification(order: OrderView, who: string, baseSignOffs: readonly SignOffInput[] = []) {
  // The catalogue names products in the task a stop becomes; main judges scans from its own reading of it.
  const catalogue = useCatalogue();
  const inventory = useInventoryList(CATALOGUE_STALE_MS);
  const index: CatalogueIndex = useMemo(
    () => buildCatalogueIndex(order.products, catalogue.data, inventory.data),
    [order.products, catalogue.data, inventory.data],
  );
  const indexRef = useRef(index);
  indexRef.current = index;
  const told = useRunFeedback();
  const { feedback, setFeedback, bad } = told;
  const kept = useKeptRun(order, who, told, baseSignOffs);
  const { lines, run, view, get, keepLocally } = kept;
  const orderRef = { id: order.id, orderNumber: order.order_number ?? null };
  const audit = useRunAudit(orderRef, kept, told);
  const { busy, setBusy, recordFailed, setRecordFailed, finish, answerStop } = audit;
  const scanLoop = useScanLoop(order.id, kept, told, audit);
  const { stopSummary, enqueueTask } = useDiscrepancyTasks(orderRef, indexRef, kept, { bad });

  return {
    run,
    lines,
    index,
    feedback,
    busy,
    recordFailed,
    offline: view.offline,
    /** Why main refused to start the run (nothing is counted, and the screen asks for no scan), or null. */
    refused: kept.refused,
    /** Main's word that a pharmacist's final check is still needed before the labels (tech-check-tech not allowed). */
    finalCheckNeeded: view.finalCheckNeeded,
    catalogueMissing: !catalogue.data || !inventory.data,
    catalogueError: catalogue.error ?? inventory.error,
    onScan: scanLoop.onScan,
    /** Main keeps the stop in the audit log, then lets it go; answers why it could not (the dialog stays open), or null. */
    async dismiss(reason: DismissReason, note: string, confirmationId: string | null): Promise<string | null> {
      const pending = get().pending;
      if (!pending) return null;
      const failed = await answerStop(reason, note, null, confirmationId);
      if (failed) return runWords.tryAgain(failed);
      setFeedback({ tone: 'info', text: runWords.stopDismissed(pending.title) });
      setTimeout(() => focusScanField(true), 0);
      return null;
    },
    /** The open stop becomes a discrepancy task, then main keeps it and lets it go as reported (Alt+D in it). */
    async reportStop(typedReason: DismissReason | null, typedNote: string): Promise<string | null> {
      const pending = get().pending;
      if (!pending || busy) return null;
      const note = reportedNote(typedReason, typedNote);
      setBusy('reporting');
      // A task queued on an earlier try (main refused to keep the stop) is not queued twice.
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
        return runWords.taskNotQueuedTryAgain;
      }
      keepLocally({ ...get(), pending: { ...pending, reportedIn: taskRef } });
      const failed = await answerStop('reported_as_task', note, taskRef);
      setBusy(null);
      if (failed) return runWords.queuedStopNotKept(failed);
      setFeedback({ tone: 'info', text: runWords.taskQueuedCarryOn });
      setTimeout(() => focusScanField(true), 0);
      return null;
    },
    /** Alt+D on the screen: every unreported problem as one task; main records an unfinished run with it. */
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
      if (await finish(taskRef)) return;
      if (current.recorded) setFeedback({ tone: 'info', text: runWords.taskQueued });
    },
    /** Controlled lines counted but not yet confirmed by a pharmacist (the screen asks for one). */
    awaitingPharmacist: isComplete(run) && !run.recorded ? unsignedControlled(run, view.signOffs) : [],
    /**
     * A pharmacist confirmed with their count of each controlled line: main compares it with the scans, signs each
     * line off and records the verification; a mismatch is refused in main's words.
     */
    async confirmControlled(
      confirmationId: string,
      note: string,
      counts: { productId: string; counted: number }[],
    ): Promise<string | null> {
      const refused = await finish(null, { confirmationId, counts, note });
      // The confirmation was used up by a refused record: the pharmacist confirms again.
      if (get().recorded) return null;
      return refused ? `${refused} ${runWords.confirmAgain}` : runWords.confirmAgain;
    },
    endIncomplete() {
      const current = get();
      if (current.recorded || current.pending || isComplete(current) || busy || kept.refused !== null) return;
      void finish(null);
    },
    retryRecord() {
      if (recordFailed && !busy) void finish(recordFailed.taskRef);
    },
    undo: scanLoop.undo,
    async again() {
      setRecordFailed(null);
      await dropRun({ orderId: order.id });
      await kept.start();
      setFeedback({ tone: 'info', text: runWords.again });
    },
  };
}

export type Verification = ReturnType<typeof useVerification>;
