// Main's answers painted, and the run's ends asked of main: a stop let go (main keeps it in the audit log before it
// answers; the dialog stays open when that is refused), the run finished (main records it as it judges it).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import { unsignedControlled } from '../../../rules/verification/outcome.ts';
import { type DismissReason, isComplete } from '../../../rules/verification/run.ts';
import { playBad } from '../../feedback/sounds.ts';
import { auditKey } from '../../queries/audit.ts';
import { messageOf } from '../../queries/station.ts';
import { answerRunStop, finishRun } from '../../queries/verify-runs.ts';
import { focusScanField } from '../../scan/focus.ts';
import type { RunFeedback } from './run-feedback.ts';
import type { KeptRun } from './use-kept-run.ts';
import { runWords } from './wording.ts';

export interface OrderRef {
  id: string;
  orderNumber: string | null;
}

export function useRunAudit(orderRef: OrderRef, { put }: Pick<KeptRun, 'put'>, { setFeedback, bad }: RunFeedback) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'recording' | 'reporting' | null>(null);
  const [recordFailed, setRecordFailed] = useState<{ taskRef: string | null } | null>(null);

  /** Paints main's answer: its run, and what it said (a recorded run's banner says it from then on). */
  function told(view: VerifyRunView): void {
    put(view);
    if (view.run.recorded) {
      void queryClient.invalidateQueries({ queryKey: auditKey(orderRef.id) });
      setFeedback(view.said?.tone === 'bad' ? view.said : null);
      return;
    }
    const waiting = isComplete(view.run) && unsignedControlled(view.run, view.signOffs).length > 0;
    if (view.said?.tone === 'good' && waiting) setFeedback({ tone: 'info', text: runWords.awaitingPharmacist });
    else if (view.said) setFeedback(view.said);
  }

  /** Asks main to record the run (with the pharmacist's controlled count, when given); answers why not, or null. */
  async function finish(
    taskRef: string | null,
    controlledCount: {
      confirmationId: string;
      counts: { productId: string; counted: number }[];
      note: string;
    } | null = null,
  ): Promise<string | null> {
    setBusy('recording');
    try {
      told(await finishRun({ orderId: orderRef.id, taskRef, controlledCount }));
      setRecordFailed(null);
      return null;
    } catch (error) {
      setRecordFailed({ taskRef });
      bad(runWords.notRecorded(messageOf(error)));
      return messageOf(error);
    } finally {
      setBusy(null);
      focusScanField();
    }
  }

  /** Lets the waiting stop go in main, which keeps it in the audit log first. Answers why it was not, or null. */
  async function answerStop(
    reason: DismissReason,
    note: string,
    taskRef: string | null,
    confirmationId: string | null = null,
  ): Promise<string | null> {
    try {
      const view = await answerRunStop({ orderId: orderRef.id, reason, note, taskRef, confirmationId });
      put(view);
      return null;
    } catch (error) {
      playBad();
      return runWords.stopNotKept(messageOf(error));
    }
  }

  return { busy, setBusy, recordFailed, setRecordFailed, told, finish, answerStop };
}

export type RunAudit = ReturnType<typeof useRunAudit>;
