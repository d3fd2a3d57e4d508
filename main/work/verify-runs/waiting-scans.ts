// Scans that arrive while a hard stop is open: kept in main's run (saved with it), never lost and never taken as an
// answer to the stop; counted in order once the stop is answered (a scan that raises a new stop keeps the rest waiting).

export interface WaitingScan {
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
  const kept: WaitingScan = { code: scan.code, entry: scan.entry };
  if (scan.quantity !== undefined) kept.quantity = scan.quantity;
  return [...all, kept];
}

/** What the person is told of a scan kept behind a stop. */
export function keptWords(code: string, stopTitle: string, waiting: number): string {
  const more = waiting > 1 ? ` (${waiting} scans wait)` : '';
  return `Kept: ${code} is counted once "${stopTitle}" is answered${more}. Answer the stop first.`;
}
