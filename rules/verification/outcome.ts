// How a verification may end, and who may clear a stop: the rules main holds when it records a run, and the screen shows
// before the person tries. A controlled line is verified only with a pharmacist's count; a short line never is.
import { PHARMACIST_REASONS, PHARMACIST_STOPS, reasonFits } from '../../contract/ipc/audit.ts';
import type { SignOffInput } from '../../contract/ipc/sign-off.ts';
import type { VerifyLine } from './lines.ts';
import { type DismissReason, isComplete, problemsOf, type VerifyRun } from './run.ts';
import type { StopKind } from './verdict.ts';

/** Controlled lines whose count no pharmacist has confirmed yet in `signOffs`. */
export function unsignedControlled(
  run: Pick<VerifyRun, 'lines'>,
  signOffs: readonly Pick<SignOffInput, 'purpose' | 'productId'>[],
): VerifyLine[] {
  const signed = new Set(signOffs.filter((s) => s.purpose === 'controlled_count').map((s) => s.productId));
  return run.lines.filter((line) => line.controlled === true && !signed.has(line.productId));
}

/** Every line complete, and every controlled line's count confirmed by a pharmacist. */
export function isVerifiable(run: VerifyRun, signOffs: readonly Pick<SignOffInput, 'purpose' | 'productId'>[]) {
  return isComplete(run) && unsignedControlled(run, signOffs).length === 0;
}

/**
 * What the run may be recorded as now: verified when it is verifiable; a discrepancy when a line is short or a stop
 * was let go; null when it is complete and clean but a controlled count still waits for a pharmacist.
 */
export function outcomeOf(
  run: VerifyRun,
  signOffs: readonly Pick<SignOffInput, 'purpose' | 'productId'>[],
): 'verified' | 'discrepancy' | null {
  if (isVerifiable(run, signOffs)) return 'verified';
  const stopped = run.scans.some((scan) => scan.result === 'stopped');
  const short = problemsOf({ ...run, shortReportedIn: null }).short.length > 0;
  return short || stopped ? 'discrepancy' : null;
}

/** Who may clear a stop with this reason: a reason that fits the stop; a pharmacist's reason only with a pharmacist. */
export function stopClearance(kind: StopKind, reason: DismissReason): 'refused' | 'pharmacist' | 'anyone' {
  if (!reasonFits(kind, reason)) return 'refused';
  return PHARMACIST_REASONS.includes(reason) || PHARMACIST_STOPS.includes(kind) ? 'pharmacist' : 'anyone';
}
