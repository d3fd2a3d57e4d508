// What the station says about a scanned label, in one table: every screen that looks a code up (the scan field, the
// verify screen, the inventory lots, a task's order field) tells the same outcome in the same words, then adds its
// own next step ("Scan the SKU or NDC instead."). The scan field's resolution (renderer/queries/scan.ts) is worded here too.
import { clockTime } from '../format/when.ts';
import type { ScanResolution } from '../queries/scan.ts';

/** "a patient", "an order material": a service entity type as a person reads it. */
export function anEntity(entityType: string): string {
  const words = entityType.toLowerCase().replaceAll('_', ' ');
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}

export const labelWords = {
  /** Only the start of a service label came through (a scanner cut off, a smudged label). */
  partial: (code: string) => `Only part of the label was read (${code}). Scan it again.`,
  /** The service has never issued this label. */
  unknown: (code: string) => `The service does not know the label ${code}.`,
  /** The service issued it once; it was replaced by a newer label or expired. */
  expired: (code: string, reason: string) => `${code} no longer scans: ${reason}`,
  /** The service could not be asked (offline, refused, the station itself failed). */
  failed: (code: string, reason: string) => `Could not look up ${code}: ${reason}`,
  /** It labels something, but not what this screen wants (`wanted`: "a product", "a lot"). */
  labelsOther: (code: string, entityType: string, wanted: string) =>
    `${code} labels ${anEntity(entityType)}, not ${wanted}.`,
  /** A lot label, but the lot is drawn on by no product (nothing to count it against). */
  lotOfNoProduct: (code: string) => `${code} labels a lot that no product draws on.`,
  /** The scan field of a screen that wanted an order got a lot label or a badge. */
  lotNotOrder: 'That is a lot label, not an order.',
  badgeNotOrder: 'This is a staff badge, not an order.',
  prescriptionNotOrder: 'That is a prescription label, not an order.',
} as const;

/** Why a scan opens nothing, in one line: main's words, or why the station itself could not be asked. */
export function whyNothingOpens(resolution: Extract<ScanResolution, { kind: 'failed' } | { message: string }>): string {
  return resolution.kind === 'failed' ? labelWords.failed(resolution.code, resolution.reason) : resolution.message;
}

/** One line for a screen that wanted an order and got something else. */
export function notAnOrder(resolution: Exclude<ScanResolution, { kind: 'order' }>): string {
  if (resolution.kind === 'lot') return labelWords.lotNotOrder;
  if (resolution.kind === 'badge') return labelWords.badgeNotOrder;
  if (resolution.kind === 'prescription') return labelWords.prescriptionNotOrder;
  return whyNothingOpens(resolution);
}

/** "as of 10:42, offline" for an answer read earlier; null for a fresh one. */
export function asOfWords(asOf: string | null): string | null {
  if (!asOf) return null;
  return `as of ${clockTime(asOf)}, offline`;
}
