// The service barcode a label carries: the record's active one when it has one, else one issued now. Issuing retires
// the earlier labels of that record, so a reprint must never issue again; two asks at once share one issue.
import { operations } from '../../contract/service/operations.ts';
import { StationError } from '../errors/station-errors.ts';
import type { PrintParts } from './print-parts.ts';

type EntityType = 'prescription' | 'inventory' | 'user';

/** The asks running now, by record: two previews of one label opened at once share one issue. */
const inFlight = new Map<string, Promise<{ value: string }>>();

async function readOrIssue(entityType: EntityType, entityId: string, parts: PrintParts): Promise<{ value: string }> {
  const params = { entity_type: entityType, entity_id: entityId };
  const listed = await parts.read(operations.barcodes.list, { params, query: { is_active: true } });
  const active = listed.filter((barcode) => barcode.value && barcode.is_active !== false).at(-1);
  if (active?.value) return { value: active.value };
  const issued = await parts.write(operations.barcodes.create, { params, body: {} });
  if (!issued.value) throw new StationError('invalid_response', 'The service issued a barcode without a value.');
  parts.log.info('a label barcode was issued', { entityType });
  return { value: issued.value };
}

export function activeOrIssuedBarcode(entityType: EntityType, entityId: string, parts: PrintParts) {
  const key = `${entityType}/${entityId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const flight = readOrIssue(entityType, entityId, parts).finally(() => inFlight.delete(key));
  inFlight.set(key, flight);
  return flight;
}
