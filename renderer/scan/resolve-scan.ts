// What a scanned code names: an order (UUID, order number, external id, or an ORDER- service barcode), a staff badge
// (a USER- service barcode), or nothing the station can open.
import type { QueryClient } from '@tanstack/react-query';
import { fetchOrder, orderQueryKey } from '../queries/orders.ts';
import { type SessionView, sessionKey } from '../queries/session.ts';
import { StationCallError, station, unwrap } from '../queries/station.ts';

export type ScanResolution =
  | { kind: 'order'; orderId: string }
  /** An INVENTORY- lot label: opens the lot on the inventory screen. */
  | { kind: 'lot'; lotId: string }
  /** `self`: the badge of the person signed in now; otherwise someone else's. `message` for screens wanting orders. */
  | { kind: 'badge'; userId: string; self: boolean; message: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'failed'; message: string };

/** Service barcodes look like `ORDER-<uuid>-<8 hex>`: a prefix naming the entity, then its id and a check part. */
const SERVICE_BARCODE = /^[A-Z_]+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9A-Fa-f]+$/;

/** The prefixes the service prints; a code that starts with one but is not whole was read only in part. */
const SERVICE_PREFIX =
  /^(USER|ORDER|PATIENT|PRESCRIPTION|PRESCRIPTION_PRODUCT|NON_PRESCRIPTION_PRODUCT|ORDER_MATERIAL|INVENTORY)-[0-9a-f]/;

export function isServiceBarcode(code: string): boolean {
  return SERVICE_BARCODE.test(code);
}

/** A label that starts like a service barcode but is cut short or damaged. */
export function isPartialServiceBarcode(code: string): boolean {
  return !isServiceBarcode(code) && SERVICE_PREFIX.test(code);
}

const entityWords = (entityType: string) => entityType.toLowerCase().replaceAll('_', ' ');

function signedInUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<SessionView>(sessionKey)?.user?.id ?? null;
}

async function fromServiceBarcode(code: string, queryClient: QueryClient): Promise<ScanResolution> {
  const barcode = await unwrap(station().barcodes.verify({ body: { barcode_value: code } }));
  const entityId = String(barcode.entity_id);
  if (barcode.entity_type === 'order') return { kind: 'order', orderId: entityId };
  if (barcode.entity_type === 'inventory') return { kind: 'lot', lotId: entityId };
  if (barcode.entity_type === 'user') {
    const self = entityId === signedInUserId(queryClient);
    return { kind: 'badge', userId: entityId, self, message: 'This is a staff badge, not an order.' };
  }
  return {
    kind: 'unknown',
    message: `This barcode labels a ${entityWords(String(barcode.entity_type))}, not an order. Scan an order label, a lot label or a staff badge.`,
  };
}

/** Why `code` opens nothing, from the station's refusal; null when the refusal is not about the code. */
function unknownBecause(code: string, error: unknown): string | null {
  if (!(error instanceof StationCallError)) return null;
  // 410: the service issued this label once, but a newer one replaced it or it expired; its message says which.
  if (error.status === 410) return `${code} no longer scans: ${error.message}`;
  if (!error.notFound) return null;
  if (isPartialServiceBarcode(code)) return `Only part of the label was read (${code}). Scan it again.`;
  return isServiceBarcode(code)
    ? `The service does not know the barcode ${code}. It may come from another system; scan the order number instead.`
    : `No order found for ${code}. Check the label and scan again.`;
}

/**
 * Resolves `code` and puts an order in the query cache, so the order view paints from it at once. Answers why not
 * when it names nothing to open: unknown (the service has no such thing) or failed (unreachable, refused).
 */
export async function resolveScan(code: string, queryClient: QueryClient): Promise<ScanResolution> {
  try {
    let orderId = code;
    if (isServiceBarcode(code)) {
      const named = await fromServiceBarcode(code, queryClient);
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
    const unknown = unknownBecause(code, error);
    if (unknown) return { kind: 'unknown', message: unknown };
    const message = error instanceof Error ? error.message : 'The station could not look it up.';
    return { kind: 'failed', message: `Could not look up ${code}: ${message}` };
  }
}
