// The pharmacist's count of a controlled line: typed as a plain number ("60"), compared by main with the count the
// technician's scans made. The counts must agree before the line is signed off; the screen reads the number the same.
import { productLabel, type VerifyLine } from './lines.ts';

/**
 * A count as typed: "60", " 60 ", "60 tablets" → 60; anything else (empty, "sixty", "6O", "60tabs", "-1", "1.5") → null:
 * a letter against the digits may be a mistyped digit, so it is never read past.
 */
export function readTypedCount(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:\s+[a-z]{2,})?\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

/** What the pharmacist counted of one line. */
export interface PharmacistCount {
  productId: string;
  counted: number;
}

/**
 * Why the pharmacist's counts cannot sign these lines off, in words; null when each waiting line has exactly one count
 * and it equals the technician's (`scanned`, from main's run).
 */
export function controlledCountRefusal(
  waiting: readonly VerifyLine[],
  scanned: ReadonlyMap<string, number>,
  given: readonly PharmacistCount[],
): string | null {
  const ids = new Set(waiting.map((line) => line.productId));
  const stray = given.find((count) => !ids.has(count.productId));
  if (stray) return 'A count was given for a line that does not wait for a pharmacist’s count.';
  for (const line of waiting) {
    const counts = given.filter((count) => count.productId === line.productId);
    const label = productLabel(line);
    if (counts.length !== 1) return `Give the pharmacist’s count of ${label} once.`;
    const pharmacist = (counts[0] as PharmacistCount).counted;
    const technician = scanned.get(line.productId) ?? 0;
    if (pharmacist !== technician) {
      return (
        `The pharmacist counted ${pharmacist} of ${label}; the technician’s count is ${technician}. The counts must ` +
        'agree: count again together, or end the verification as a discrepancy.'
      );
    }
  }
  return null;
}

/** The sign-off's note: the pharmacist's count, then what they added. */
export function countNote(counted: number, note: string): string {
  const added = note.trim();
  return added ? `Counted ${counted}: ${added}` : `Counted ${counted}`;
}
