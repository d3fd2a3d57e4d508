// A recalled lot at fill: the pharmacy's recall list (data, resources/recalls/recalled-lots.json: the service's API has
// no recall on a lot) names lots by their lot number and, where the notice gives one, the product's NDC. Pure.
import type { CatalogueIndex } from './catalogue-index.ts';
import { readNdc } from './codes/ndc.ts';

export interface RecalledLot {
  /** The lot number as printed (AI 10 on a DataMatrix). */
  lot: string;
  /** The recalled product's NDC as the notice gives it (any layout); absent: the lot number alone names it. */
  ndc?: string | null;
  /** The recall's number and class or reason, as the notice says it. */
  recall: string;
  /** Where the pharmacy learnt of it (an FDA enforcement report, the wholesaler's notice). */
  source: string;
}

const sameBatch = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The recall that names this lot of this product, or null. */
export function recallOf(
  recalls: readonly RecalledLot[],
  index: Pick<CatalogueIndex, 'byNdc'>,
  productId: string,
  lotNumber: string | null,
): RecalledLot | null {
  if (!lotNumber) return null;
  return (
    recalls.find((recall) => {
      if (!sameBatch(recall.lot, lotNumber)) return false;
      if (!recall.ndc) return true;
      const ndc = readNdc(recall.ndc);
      const candidates = ndc?.candidates ?? [];
      return candidates.some((each) => (index.byNdc.get(each) ?? []).includes(productId));
    }) ?? null
  );
}
