// Scanner or typed: a barcode scanner sends its characters a few milliseconds apart, a person tens to hundreds.
import type { z } from 'zod';
import type { auditEntryMethod } from '../../../contract/ipc/audit.ts';

export type EntryMethod = z.infer<typeof auditEntryMethod>;

/** Faster than anyone types: the median gap between a scanner's characters is a few ms. */
export const SCANNER_GAP_MS = 30;

/**
 * How the last `length` characters and the Enter after them were entered, from the key times (ms, oldest first,
 * the Enter last). Fewer than three characters, or no times at all (pasted), count as typed.
 */
export function entryMethodOf(keyTimes: readonly number[], length: number): EntryMethod {
  const wanted = Math.max(0, Math.trunc(length)) + 1;
  if (length < 3 || keyTimes.length < wanted) return 'typed';
  const times = keyTimes.slice(-wanted);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i] as number) - (times[i - 1] as number));
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] as number;
  return median >= 0 && median < SCANNER_GAP_MS ? 'scanner' : 'typed';
}
