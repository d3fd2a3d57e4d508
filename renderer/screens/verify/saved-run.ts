// The verification in progress, kept by main on this station at every scan: put saves it, and a screen opening an
// order resumes the signed-in person's run from main when memory has none (after a reload, a crash or a restart).

import type { VerifyRun } from '../../../contract/rules/verification/run.ts';
import { station, unwrap } from '../../queries/station.ts';
import { useRunStore } from './run-store.ts';

/** Enough of a VerifyRun's shape to resume it; anything else is let go and a new run starts. */
export function isSavedRun(value: unknown): value is VerifyRun {
  if (value === null || typeof value !== 'object') return false;
  const run = value as Partial<VerifyRun>;
  return (
    Array.isArray(run.lines) &&
    Array.isArray(run.scans) &&
    typeof run.nextSeq === 'number' &&
    (run.pending === null || typeof run.pending === 'object') &&
    (run.recorded === null || typeof run.recorded === 'object') &&
    (run.shortReportedIn === null || typeof run.shortReportedIn === 'string')
  );
}

/** Writes the run to the station's database; resolves once it is there. */
export function saveRun(orderId: string, run: VerifyRun): Promise<unknown> {
  return unwrap(station().verify.saveRun({ orderId, run: run as unknown as Record<string, unknown> }));
}

/** Puts the saved run of `orderId` into memory under `key` unless memory has one; answers how many scans it had. */
export async function restoreRun(key: string, orderId: string): Promise<number | null> {
  if (useRunStore.getState().runs[key]) return null;
  const saved = await unwrap(station().verify.loadRun({ orderId }));
  if (!saved || !isSavedRun(saved.run) || useRunStore.getState().runs[key]) return null;
  useRunStore.getState().put(key, saved.run);
  return saved.run.scans.length;
}
