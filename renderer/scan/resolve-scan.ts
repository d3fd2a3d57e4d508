// What a scanned code names, as main answers it (scan:resolve): an order, a lot, a staff badge, a product, or why it
// opens nothing (unknown, expired, offline and not read before). The renderer shows meanings; it reads no status.
// Its own words (a failed call, a lot or badge where an order was wanted) are scan-words.ts's, like every label's.
import type { QueryClient } from '@tanstack/react-query';
import type { ScanOutcome } from '../../contract/ipc.ts';
import { clockTime } from '../format/when.ts';
import { orderQueryKey } from '../queries/orders.ts';
import { resolveCode } from '../queries/scan.ts';
import { messageOf } from '../queries/station.ts';
import { labelWords } from './scan-words.ts';

export { isPartialServiceBarcode, isServiceBarcode } from '../../contract/ipc.ts';

/** What main answered, or `failed` when the station itself could not be asked. */
export type ScanResolution = ScanOutcome | { kind: 'failed'; message: string };

/**
 * Resolves `code` and puts an order in the query cache (dated when it was read, so an offline answer shows its age),
 * so the order view paints from it at once.
 */
export async function resolveScan(code: string, queryClient: QueryClient): Promise<ScanResolution> {
  try {
    const outcome = await resolveCode(code);
    if (outcome.kind === 'order') {
      const updatedAt = outcome.asOf ? Date.parse(outcome.asOf) : Date.now();
      queryClient.setQueryData(orderQueryKey(outcome.orderId), outcome.order, { updatedAt });
    }
    return outcome;
  } catch (error) {
    return { kind: 'failed', message: labelWords.failed(code, messageOf(error)) };
  }
}

/** One line for a screen that wanted an order and got something else. */
export function notAnOrder(resolution: Exclude<ScanResolution, { kind: 'order' }>): string {
  if (resolution.kind === 'lot') return labelWords.lotNotOrder;
  if (resolution.kind === 'badge') return labelWords.badgeNotOrder;
  if (resolution.kind === 'prescription') return labelWords.prescriptionNotOrder;
  return resolution.message;
}

/** "as of 10:42, offline" for an answer read earlier; null for a fresh one. */
export function asOfWords(asOf: string | null): string | null {
  if (!asOf) return null;
  return `as of ${clockTime(asOf)}, offline`;
}
