// A printer found again by the stable part of its name. Windows Remote Desktop redirects the client's printers into
// each session under a name that changes every session: "HP LaserJet 4250 (redirected 3)" (Server 2012 and later), or
// "HP LaserJet 4250 (from FRONTDESK) in session 5" (older). The saved name is matched exactly first, then by the part
// before that suffix; two candidates left mean asking (the system dialog), never guessing.

const SESSION_SUFFIX = /\s*(?:\(redirected \d+\)|\(from [^)]*\)(?:\s+in session \d+)?|in session \d+)\s*$/i;

/** The name without what a Remote Desktop session added to it. */
export function stablePrinterName(name: string): string {
  return name.replace(SESSION_SUFFIX, '').trim();
}

/** The printer `wanted` names among those the system lists now, or null (none, or more than one could be it). */
export function findPrinter<T extends { name: string }>(wanted: string, available: readonly T[]): T | null {
  const exact = available.find((printer) => printer.name === wanted);
  if (exact) return exact;
  const stable = stablePrinterName(wanted).toLowerCase();
  if (stable === '') return null;
  const candidates = available.filter((printer) => stablePrinterName(printer.name).toLowerCase() === stable);
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}
