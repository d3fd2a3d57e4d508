// Scanner or typed: a barcode scanner sends its characters a few milliseconds apart, a person tens to hundreds.
import type { EntryMethod } from '../../../rules/verification/run.ts';
import { isBurst } from '../../scan/keystroke-timing.ts';

export type { EntryMethod };

/**
 * How the last `length` characters and the Enter after them were entered, from the key times (ms, oldest first,
 * the Enter last), judged by the scan field's own rule (`isBurst`: the whole run of gaps, a few stretched ones
 * forgiven). Fewer than three characters, or no times at all (pasted), count as typed.
 */
export function entryMethodOf(keyTimes: readonly number[], length: number): EntryMethod {
  const wanted = Math.max(0, Math.trunc(length)) + 1;
  if (length < 3 || keyTimes.length < wanted) return 'typed';
  const times = keyTimes.slice(-wanted);
  const gaps = times.slice(1).map((at, i) => at - (times[i] as number));
  return isBurst(gaps) ? 'scanner' : 'typed';
}
