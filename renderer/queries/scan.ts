// What a scanned code names, asked of main: scan:resolve (an order, a lot, a badge, a product, a prescription, or why
// it opens nothing: unknown, expired, offline and not read before) and the service's own answer for one of its labels
// (barcodes.verify). The renderer shows meanings; it reads no status. The words are the scan kit's (scan-words.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { ScanOutcome } from '../../contract/ipc.ts';
import { orderQueryKey } from './orders.ts';
import { messageOf, station, unwrap } from './station.ts';

/** What main answered, or `failed` (the code and why) when the station itself could not be asked. */
export type ScanResolution = ScanOutcome | { kind: 'failed'; code: string; reason: string };

/**
 * Resolves `code` and puts an order in the query cache (dated when it was read, so an offline answer shows its age),
 * so the order view paints from it at once.
 */
export async function resolveScan(code: string, queryClient: QueryClient): Promise<ScanResolution> {
  try {
    const outcome = await unwrap(station().scan.resolve({ code }));
    if (outcome.kind === 'order') {
      const updatedAt = outcome.asOf ? Date.parse(outcome.asOf) : Date.now();
      queryClient.setQueryData(orderQueryKey(outcome.orderId), outcome.order, { updatedAt });
    }
    return outcome;
  } catch (error) {
    return { kind: 'failed', code, reason: messageOf(error) };
  }
}

export function verifyServiceLabel(code: string) {
  return unwrap(station().barcodes.verify({ body: { barcode_value: code } }));
}
