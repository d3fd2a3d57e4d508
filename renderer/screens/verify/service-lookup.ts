// A service barcode on a product or a lot: the service says what it labels (barcodes.verify); a lot is read so its
// products and expiry are known. Answers the match, or why it could not be looked up.
import { StationCallError, station, unwrap } from '../../queries/station.ts';
import { type CatalogueIndex, indexLot } from './catalogue-index.ts';
import { type CodeMatch, matchServiceEntity } from './match.ts';

export type LookupResult =
  /** `notProduct`: what to tell the person when the barcode labels something else (an order, a patient). */
  { ok: true; match: CodeMatch; notProduct: string | null } | { ok: false; message: string };

/** Why a service barcode counts on no line: it labels an order, a patient… or a lot of no product. */
function notProductMessage(code: string, entityType: string): string {
  if (entityType === 'inventory') return `${code} labels a lot that no product draws on.`;
  const words = entityType.replaceAll('_', ' ');
  return `${code} labels ${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}, not a product.`;
}

export async function lookUpServiceBarcode(code: string, index: CatalogueIndex): Promise<LookupResult> {
  try {
    const barcode = await unwrap(station().barcodes.verify({ body: { barcode_value: code } }));
    const entityType = String(barcode.entity_type);
    const entityId = String(barcode.entity_id);
    if (entityType === 'inventory' && !index.lots.get(entityId)?.productIds.length) {
      indexLot(index, await unwrap(station().inventory.get({ params: { lot_id: entityId } })));
    }
    const match = matchServiceEntity(entityType, entityId, index);
    const notProduct = match.kind === 'none' ? notProductMessage(code, entityType) : null;
    return { ok: true, match, notProduct };
  } catch (error) {
    if (error instanceof StationCallError && error.notFound) {
      return { ok: true, match: { kind: 'none' }, notProduct: null };
    }
    const reason = error instanceof Error ? error.message : 'the station could not ask the service';
    return { ok: false, message: `Could not check the barcode ${code}: ${reason} Scan the SKU or NDC instead.` };
  }
}
