// What main keeps of one verification run (verify-runs.db), loaded and saved at every step before it answers, and the
// view of it the renderer is sent.
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import type { VerifyRun } from '../../../rules/verification/run.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { ownerOf } from './run-contexts.ts';
import type { RunParts } from './run-parts.ts';
import type { WaitingScan } from './waiting-scans.ts';
import type { Signed } from './who-signs.ts';

/** What main keeps of one run (verify-runs.db), rewritten at every step before it answers. */
export interface KeptRun {
  orderNumber: string | null;
  run: VerifyRun;
  signed: Signed[];
  offline: boolean;
  /** Scans that came while a stop was open, counted once it is answered (waiting-scans.ts). */
  waiting?: WaitingScan[];
}

export type Said = VerifyRunView['said'];

export function load(parts: RunParts, orderId: string): KeptRun {
  const kept = parts.runs.load(ownerOf(parts), orderId);
  if (!kept) throw new StationError('not_found', 'No verification of this order is open: open the order to start one.');
  return kept.run as KeptRun;
}

/** Saves the step, then answers it: what the person sees counted is what was kept. */
export function save(parts: RunParts, orderId: string, kept: KeptRun, said: Said): VerifyRunView {
  parts.runs.save(ownerOf(parts), orderId, kept);
  return view(orderId, kept, said);
}

export const signOffsOf = (kept: KeptRun) =>
  kept.signed.map(({ input, by }) => ({ purpose: input.purpose, productId: input.productId, note: input.note, by }));

export function view(orderId: string, kept: KeptRun, said: Said): VerifyRunView {
  return { orderId, run: kept.run, signOffs: signOffsOf(kept), offline: kept.offline, said, finalCheckNeeded: null };
}

export function open(kept: KeptRun): void {
  if (kept.run.recorded)
    throw new StationError('conflict', 'This verification was recorded already: start it again to count again.');
  if (kept.run.pending) throw new StationError('conflict', `Answer the stop first: ${kept.run.pending.title}.`);
}
