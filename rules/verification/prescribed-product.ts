// Whether a scanned product is the drug its prescription names: the same NDC, or else the same drug, strength and form
// as written. Main decides it from the prescriptions and the catalogue it read itself; a product that is not the
// prescribed drug is a hard stop only a pharmacist clears (contract/ipc/audit-scan.ts PHARMACIST_STOPS).
import type { CatalogueIndex } from './catalogue-index.ts';
import { ndc11OfProductCode } from './codes/ndc.ts';
import { productLabel } from './lines.ts';
import type { RunScan } from './run.ts';
import { STOP_TITLES, type Verdict } from './verdict.ts';

/** A prescription as written (what the service answers of it). */
export interface WrittenPrescription {
  id: string;
  prescription_product_id?: string | null;
  drug_name?: string | null;
  name?: string | null;
  strength?: string | null;
  product_code?: string | null;
}

/** The product as main's catalogue knows it. */
export interface ProductAsRead {
  name: string | null;
  productCode: string | null;
  strength?: string | null;
  form?: string | null;
}

/** Dosage forms by the words that name them. */
const FORMS: Record<string, string> = {
  tablet: 'tablet',
  tablets: 'tablet',
  tab: 'tablet',
  capsule: 'capsule',
  capsules: 'capsule',
  cap: 'capsule',
  cream: 'cream',
  ointment: 'ointment',
  gel: 'gel',
  lotion: 'lotion',
  solution: 'solution',
  suspension: 'suspension',
  syrup: 'syrup',
  injection: 'injection',
  patch: 'patch',
  inhaler: 'inhaler',
  drops: 'drops',
  spray: 'spray',
  suppository: 'suppository',
};
/** Words that say how a drug is made or sold, never which drug it is. */
const NOT_A_DRUG = new Set(['compounded', 'generic', 'brand', 'extended', 'release', 'oral', 'topical', 'each']);

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The drug's own words: letters only, neither a form nor a word about how it is made. */
function drugWords(text: string): string[] {
  return wordsOf(text).filter((word) => word.length >= 4 && !FORMS[word] && !NOT_A_DRUG.has(word));
}

function formOf(...texts: (string | null | undefined)[]): string | null {
  for (const text of texts) for (const word of wordsOf(text ?? '')) if (FORMS[word]) return FORMS[word] as string;
  return null;
}

/** "2.5 %", "500mg", "500 MG" → "2.5%", "500mg", "500mg": the first amount with its unit, or null. */
function strengthOf(text: string | null | undefined): string | null {
  const match = /(\d+(?:\.\d+)?)\s*(mcg|mg|g|ml|%|units?|iu)\b|(\d+(?:\.\d+)?)\s*%/i.exec(text ?? '');
  if (!match) return null;
  return match[3] ? `${Number(match[3])}%` : `${Number(match[1])}${(match[2] as string).toLowerCase()}`;
}

/** Why `product` is not the drug `prescription` names, in words; null when it is (or too little is known to say). */
export function notPrescribedWhy(product: ProductAsRead, prescription: WrittenPrescription): string | null {
  const written = prescription.drug_name ?? prescription.name ?? '';
  const writtenNdc = prescription.product_code ? ndc11OfProductCode(prescription.product_code) : null;
  const productNdc = product.productCode ? ndc11OfProductCode(product.productCode) : null;
  if (writtenNdc && productNdc && writtenNdc === productNdc) return null;
  const named = `${written} ${prescription.strength ?? ''}`.trim();
  const productWords = new Set(drugWords(product.name ?? ''));
  const ownWords = drugWords(written);
  if (ownWords.length > 0 && productWords.size > 0 && !ownWords.some((word) => productWords.has(word))) {
    return `the prescription is for ${named}`;
  }
  const wantStrength = strengthOf(prescription.strength) ?? strengthOf(written);
  const hasStrength = strengthOf(product.strength) ?? strengthOf(product.name);
  if (wantStrength && hasStrength && wantStrength !== hasStrength) {
    return `the prescription is for ${named}: strength ${wantStrength}, not ${hasStrength}`;
  }
  const wantForm = formOf(written);
  const hasForm = formOf(product.form, product.name);
  if (wantForm && hasForm && wantForm !== hasForm)
    return `the prescription is for ${named}: a ${wantForm}, not a ${hasForm}`;
  return null;
}

/** The first prescription of the line's product that `product` is not the drug of, and why; null when none. */
export function notPrescribed(
  productId: string,
  product: ProductAsRead,
  prescriptions: readonly WrittenPrescription[],
): string | null {
  for (const prescription of prescriptions) {
    if (prescription.prescription_product_id !== productId) continue;
    const why = notPrescribedWhy(product, prescription);
    if (why) return why;
  }
  return null;
}

/** Products a pharmacist let go in this run as the prescribed drug after all: their next scans count. */
function approvedInRun(scans: readonly RunScan[]): Set<string> {
  const approved = scans.filter(
    (scan) => scan.stop?.kind === 'not_prescribed' && scan.stop.reason === 'pharmacist_approved' && scan.productId,
  );
  return new Set(approved.map((scan) => scan.productId as string));
}

/**
 * A count of a product that is not the drug its prescription names becomes a hard stop, unless a pharmacist already
 * let that product go in this run as the prescribed drug. Other verdicts pass unchanged.
 */
export function prescribedOrStop(
  verdict: Verdict,
  index: CatalogueIndex,
  prescriptions: readonly WrittenPrescription[],
  scans: readonly RunScan[],
): Verdict {
  if (verdict.kind !== 'count') return verdict;
  const productId = verdict.facts.productId;
  const product = index.products.get(productId);
  if (!product || approvedInRun(scans).has(productId)) return verdict;
  const why = notPrescribed(productId, product, prescriptions);
  if (!why) return verdict;
  return {
    kind: 'stop',
    stop: 'not_prescribed',
    facts: verdict.facts,
    title: STOP_TITLES.not_prescribed,
    message: `${productLabel(product)} is not the prescribed drug: ${why}. A pharmacist decides before it is counted.`,
  };
}
