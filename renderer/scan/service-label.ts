// The one resolver of a service barcode in the renderer: the service says what the label names (barcodes.verify), or
// the label is unknown, no longer scans (replaced or expired), or could not be asked. Screens word the outcome with
// scan-words.ts; main's scan:resolve (`resolveScan`, renderer/queries/scan.ts) does the same for the scan field,
// reading through offline.
import { verifyServiceLabel } from '../queries/scan.ts';
import { messageOf, StationCallError } from '../queries/station.ts';
import { labelWords } from './scan-words.ts';

export type LabelLookup =
  | { kind: 'labels'; entityType: string; entityId: string }
  | { kind: 'unknown' }
  | { kind: 'expired'; reason: string }
  | { kind: 'failed'; reason: string };

export async function lookUpLabel(code: string): Promise<LabelLookup> {
  try {
    const barcode = await verifyServiceLabel(code);
    return { kind: 'labels', entityType: String(barcode.entity_type), entityId: String(barcode.entity_id) };
  } catch (error) {
    if (error instanceof StationCallError && error.code === 'expired')
      return { kind: 'expired', reason: error.message };
    if (error instanceof StationCallError && error.notFound) return { kind: 'unknown' };
    return { kind: 'failed', reason: messageOf(error) };
  }
}

/** The words for a label that names nothing usable here (everything but `labels`). */
export function labelProblem(code: string, lookup: Exclude<LabelLookup, { kind: 'labels' }>): string {
  if (lookup.kind === 'unknown') return labelWords.unknown(code);
  if (lookup.kind === 'expired') return labelWords.expired(code, lookup.reason);
  return labelWords.failed(code, lookup.reason);
}
