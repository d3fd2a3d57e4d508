// The run into the local audit log: the whole run when it ends (verified or a discrepancy, with the sign-offs
// gathered), and each stop the moment it is let go, so a sign-out or a closed app before the end loses neither.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { unsignedControlled } from '../../../contract/rules/verification/outcome.ts';
import {
  auditRecordOf,
  type DismissReason,
  isComplete,
  type PendingStop,
  stopRecordOf,
  type VerifyRun,
} from '../../../contract/rules/verification/run.ts';
import { playBad } from '../../feedback/sounds.ts';
import { auditKey } from '../../queries/audit.ts';
import { messageOf, station, unwrap } from '../../queries/station.ts';
import { focusScanField } from '../../scan/focus.ts';
import type { RunFeedback } from './run-feedback.ts';
import type { KeptRun } from './use-kept-run.ts';
import { runWords } from './wording.ts';

export type Outcome = 'verified' | 'discrepancy';

export interface OrderRef {
  id: string;
  orderNumber: string | null;
}

export function useRunAudit(
  orderRef: OrderRef,
  { get, put }: Pick<KeptRun, 'get' | 'put'>,
  { setFeedback, bad }: RunFeedback,
  baseSignOffs: readonly SignOffInput[],
) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'recording' | 'reporting' | null>(null);
  const [recordFailed, setRecordFailed] = useState<{ outcome: Outcome; taskRef: string | null } | null>(null);
  // Who else signed this verification off (a picker's override, an admin's re-verify, controlled counts).
  const signOffs = useRef<SignOffInput[]>([...baseSignOffs]);
  /** Complete, and every controlled line's count confirmed by a pharmacist: it may be recorded as verified. */
  const verifiable = (current: VerifyRun) =>
    isComplete(current) && unsignedControlled(current, signOffs.current).length === 0;

  async function record(outcome: Outcome, taskRef: string | null): Promise<void> {
    setBusy('recording');
    try {
      const entry = await unwrap(
        station().audit.record(auditRecordOf(get(), orderRef, outcome, taskRef, signOffs.current)),
      );
      put({ ...get(), recorded: entry });
      setRecordFailed(null);
      void queryClient.invalidateQueries({ queryKey: auditKey(orderRef.id) });
      // The record's banner says it from here; the scan field opens the next order again.
      setFeedback(null);
    } catch (error) {
      setRecordFailed({ outcome, taskRef });
      bad(runWords.notRecorded(messageOf(error)));
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
      return runWords.stopNotKept(messageOf(error));
    }
  }

  return { busy, setBusy, recordFailed, setRecordFailed, signOffs, verifiable, record, keepStop };
}

export type RunAudit = ReturnType<typeof useRunAudit>;
