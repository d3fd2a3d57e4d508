// Scans that arrive while a hard stop is open: kept in main's run (saved with it), never lost and never taken as an
// answer to the stop; counted in order once the stop is answered (a scan that raises a new stop keeps the rest waiting).

/** A scan kept behind a stop: the scan field's text as it came (read already once, so it is a code), how it was entered. */
export interface WaitingScan {
  text: string;
  entry: 'scanner' | 'typed';
}

/** A scan kept by an earlier version, which took the code and a typed count apart (a run kept across an update). */
interface EarlierWaitingScan {
  code: string;
  entry: 'scanner' | 'typed';
  quantity?: number | undefined;
}

/** How many scans wait behind one stop at most: a scanner left firing is not a reason to grow without end. */
export const MAX_WAITING = 20;

/** The waiting scans with this one added; null when the run already keeps as many as it may. */
export function withWaiting(waiting: readonly WaitingScan[] | undefined, scan: WaitingScan): WaitingScan[] | null {
  const all = waiting ?? [];
  if (all.length >= MAX_WAITING) return null;
  return [...all, { text: scan.text, entry: scan.entry }];
}

/** The text of a kept scan; one an earlier version kept as a code and a count is given back as the field had it. */
export function textOf(scan: WaitingScan | EarlierWaitingScan): string {
  if ('text' in scan) return scan.text;
  return scan.quantity ? `${scan.quantity}*${scan.code}` : scan.code;
}

/** What the person is told of a scan kept behind a stop. */
export function keptWords(code: string, stopTitle: string, waiting: number): string {
  const more = waiting > 1 ? ` (${waiting} scans wait)` : '';
  return `Kept: ${code} is counted once "${stopTitle}" is answered${more}. Answer the stop first.`;
}
