// What a scanned code names: an order (UUID, order number, external id, or an ORDER- service barcode) or something else.
import type { QueryClient } from '@tanstack/react-query';
import { fetchOrder, orderQueryKey } from '../queries/orders.ts';
import { StationCallError, station, unwrap } from '../queries/station.ts';

export type ScanResolution =
  | { kind: 'order'; orderId: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'failed'; message: string };

/** Service barcodes look like `ORDER-<uuid>-<8 hex>`: a prefix naming the entity, then its id and a check part. */
const SERVICE_BARCODE = /^[A-Z_]+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9A-Fa-f]+$/;

export function isServiceBarcode(code: string): boolean {
  return SERVICE_BARCODE.test(code);
}

async function orderFromBarcode(code: string): Promise<ScanResolution> {
  const barcode = await unwrap(station().barcodes.verify({ body: { barcode_value: code } }));
  if (barcode.entity_type !== 'order') {
    return {
      kind: 'unknown',
      message: `This barcode labels a ${String(barcode.entity_type).replaceAll('_', ' ')}, not an order.`,
    };
  }
  return { kind: 'order', orderId: String(barcode.entity_id) };
}

/**
 * Resolves `code` and puts the order in the query cache, so the order view paints from it at once. Answers why
 * not when it is not an order: unknown code (the service has no such thing) or a failure (unreachable, refused).
 */
export async function resolveScan(code: string, queryClient: QueryClient): Promise<ScanResolution> {
  try {
    let orderId = code;
    if (isServiceBarcode(code)) {
      const named = await orderFromBarcode(code);
      if (named.kind !== 'order') return named;
      orderId = named.orderId;
    }
    const order = await queryClient.fetchQuery({
      queryKey: orderQueryKey(orderId),
      queryFn: () => fetchOrder(orderId),
    });
    // Cache it under its UUID too: the order view always asks by UUID.
    if (order.id !== orderId) queryClient.setQueryData(orderQueryKey(order.id), order);
    return { kind: 'order', orderId: order.id };
  } catch (error) {
    if (error instanceof StationCallError && error.notFound) {
      return { kind: 'unknown', message: `No order found for ${code}. Check the label and scan again.` };
    }
    const message = error instanceof Error ? error.message : 'The station could not look it up.';
    return { kind: 'failed', message: `Could not look up ${code}: ${message}` };
  }
}
