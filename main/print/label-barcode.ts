// The service barcode a label carries: the record's active one when it has one, else one issued now. Issuing retires
// the earlier labels of that record, so a reprint must never issue again; two asks at once share one issue.
import { StationError } from '../station/errors.ts';
import type { StationParts } from '../station/parts.ts';
import { callService, readThrough } from '../station/service-calls.ts';

type EntityType = 'prescription' | 'inventory' | 'user';

const inFlight = new WeakMap<StationParts, Map<string, Promise<{ value: string }>>>();

async function readOrIssue(entityType: EntityType, entityId: string, parts: StationParts): Promise<{ value: string }> {
  const params = { entity_type: entityType, entity_id: entityId };
  const listed = (await readThrough('barcodes.list', { params, query: { is_active: true } }, parts)).value as {
    value?: string | null;
    is_active?: boolean | null;
  }[];
  const active = listed.filter((barcode) => barcode.value && barcode.is_active !== false).at(-1);
  if (active?.value) return { value: active.value };
  const issued = (await callService('barcodes.create', { params, body: {} }, parts)) as { value?: string | null };
  if (!issued.value) throw new StationError('invalid_response', 'The service issued a barcode without a value.');
  parts.log.info('a label barcode was issued', { entityType });
  return { value: issued.value };
}

export function activeOrIssuedBarcode(entityType: EntityType, entityId: string, parts: StationParts) {
  let flights = inFlight.get(parts);
  if (!flights) {
    flights = new Map();
    inFlight.set(parts, flights);
  }
  const key = `${entityType}/${entityId}`;
  const running = flights.get(key);
  if (running) return running;
  const flight = readOrIssue(entityType, entityId, parts).finally(() => flights.delete(key));
  flights.set(key, flight);
  return flight;
}
