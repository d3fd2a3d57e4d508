// A service barcode on a product or a lot, scanned during a verification: the scan kit's resolver says what it labels
// (renderer/scan/service-label.ts); a lot is read so its products and expiry are known. Answers the match, or why it
// could not be looked up, in the scan kit's words plus this screen's next step.

import { type CatalogueIndex, indexLot } from '../../../contract/rules/verification/catalogue-index.ts';
import { type CodeMatch, matchServiceEntity } from '../../../contract/rules/verification/match.ts';
import { messageOf, station, unwrap } from '../../queries/station.ts';
import { labelWords } from '../../scan/scan-words.ts';
import { labelProblem, lookUpLabel } from '../../scan/service-label.ts';
import { runWords } from './wording.ts';

export type LookupResult =
  /** `notProduct`: what to tell the person when the barcode labels something else (an order, a patient). */
  { ok: true; match: CodeMatch; notProduct: string | null } | { ok: false; message: string };

/** Why a service barcode counts on no line: it labels an order, a patient… or a lot of no product. */
function notProductMessage(code: string, entityType: string): string {
  if (entityType === 'inventory') return labelWords.lotOfNoProduct(code);
  return labelWords.labelsOther(code, entityType, 'a product');
}

export async function lookUpServiceBarcode(code: string, index: CatalogueIndex): Promise<LookupResult> {
  const label = await lookUpLabel(code);
  // A label the service never issued is an unrecognised code like any other: the verdict says so.
  if (label.kind === 'unknown') return { ok: true, match: { kind: 'none' }, notProduct: null };
  if (label.kind !== 'labels') return { ok: false, message: `${labelProblem(code, label)} ${runWords.scanInstead}` };
  const { entityType, entityId } = label;
  if (entityType === 'inventory' && !index.lots.get(entityId)?.productIds.length) {
    try {
      indexLot(index, await unwrap(station().inventory.get({ params: { lot_id: entityId } })));
    } catch (error) {
      return { ok: false, message: `${labelWords.failed(code, messageOf(error))} ${runWords.scanInstead}` };
    }
  }
  const match = matchServiceEntity(entityType, entityId, index);
  const notProduct = match.kind === 'none' ? notProductMessage(code, entityType) : null;
  return { ok: true, match, notProduct };
}
