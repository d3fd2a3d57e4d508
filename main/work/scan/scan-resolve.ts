// scan:resolve: what a scanned code names, as a meaning the renderer shows. The service answers when it can; offline,
// what this station read earlier answers, marked with when it was read; an uncached code says so in one line.

import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import { isPartialServiceBarcode, type ScanOutcome, serviceBarcodeParts } from '../../../contract/ipc/scan.ts';
import { operations } from '../../../contract/service/operations.ts';
import { isOfflineFailure, readThrough, remembered, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import { isServiceError } from '../../service/client/index.ts';

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const entityWords = (type: string) => type.toLowerCase().replaceAll('_', ' ');

/** The meaning of a refusal about the code itself; null when the refusal is not about it. */
function refusalOf(code: string, error: unknown): ScanOutcome | null {
  if (!isServiceError(error)) return null;
  if (error.status === 410) return { kind: 'expired', message: `${code} no longer scans: ${error.message}` };
  if (error.status !== 404) return null;
  return serviceBarcodeParts(code)
    ? {
        kind: 'unknown',
        message: `The service does not know the barcode ${code}. It may come from another system; scan the order number instead.`,
      }
    : { kind: 'unknown', message: `No order found for ${code}. Check the label and scan again.` };
}

const offlineUncached = (code: string): ScanOutcome => ({
  kind: 'offline',
  message: `Offline: ${code} is not among what this station opened today, so it cannot be shown until the service answers.`,
});

async function orderOutcome(identifier: string, parts: ServiceCallParts): Promise<ScanOutcome> {
  const read = await readThrough(operations.orders.get, { params: { order_id: identifier } }, parts);
  const order = read.value;
  return {
    kind: 'order',
    orderId: order.id,
    orderNumber: typeof order.order_number === 'string' && order.order_number ? order.order_number : null,
    order,
    asOf: iso(read.asOf),
  };
}

/**
 * What a service label names, asked of the service (which alone knows a replaced or expired label); offline, what it
 * said about this label earlier, else the label's own prefix and id.
 */
async function labelEntity(code: string, parts: ServiceCallParts): Promise<{ type: string; id: string }> {
  try {
    const barcode = (await readThrough(operations.barcodes.verify, { body: { barcode_value: code } }, parts)).value;
    const entity = { type: String(barcode.entity_type).toLowerCase(), id: String(barcode.entity_id) };
    parts.reads.putLabel(code, entity);
    return entity;
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    const printed = serviceBarcodeParts(code);
    const known = parts.reads.label(code) ?? (printed && { type: printed.prefix.toLowerCase(), id: printed.entityId });
    if (known) return known;
    throw error;
  }
}

async function fromLabel(code: string, parts: ServiceCallParts): Promise<ScanOutcome> {
  const entity = await labelEntity(code, parts);
  if (entity.type === 'order') return orderOutcome(entity.id, parts);
  if (entity.type === 'inventory') {
    const cached = parts.connectivity.isOffline()
      ? remembered(operations.inventory.get, { params: { lot_id: entity.id } }, parts.reads)
      : null;
    return { kind: 'lot', lotId: entity.id, asOf: iso(cached?.asOf ?? null) };
  }
  // The station's own prescription labels carry the prescription's service barcode (main/work/print/document-content.ts).
  if (entity.type === 'prescription') return { kind: 'prescription', prescriptionId: entity.id };
  if (entity.type === 'user') {
    const self = entity.id === parts.session.state().user?.id;
    return { kind: 'badge', userId: entity.id, self };
  }
  if (entity.type.endsWith('product') || entity.type === 'order_material') {
    return {
      kind: 'product',
      productId: entity.id,
      message: `This barcode labels a ${entityWords(entity.type)}, not an order. Scan it on the verify screen to count it.`,
    };
  }
  return {
    kind: 'unknown',
    message: `This barcode labels a ${entityWords(entity.type)}, not an order. Scan an order label, a lot label or a staff badge.`,
  };
}

export async function resolveScan(text: string, parts: ServiceCallParts): Promise<ScanOutcome> {
  const code = text.trim();
  if (code === '') return { kind: 'unknown', message: 'Nothing was read. Scan again.' };
  if (isPartialServiceBarcode(code)) {
    return { kind: 'unknown', message: `Only part of the label was read (${code}). Scan it again.` };
  }
  try {
    return serviceBarcodeParts(code) ? await fromLabel(code, parts) : await orderOutcome(code, parts);
  } catch (error) {
    const refusal = refusalOf(code, error);
    if (refusal) return refusal;
    if (isOfflineFailure(error)) return offlineUncached(code);
    throw error;
  }
}

/** `scan:resolve`: it receives the station's call path (service-calls.ts) and nothing else. */
export const scanHandlers: ChannelGroup<'scan:resolve', ServiceCallParts> = {
  'scan:resolve': ({ code }, parts) => resolveScan(code, parts),
};
