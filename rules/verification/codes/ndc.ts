// National Drug Codes: the 10-digit layouts (4-4-2, 5-3-2, 5-4-1) and the 11-digit 5-4-2 form they are compared in,
// with or without dashes, and the NDC a UPC-A or GTIN carries (its company prefix 03, then the 10-digit NDC).

export type NdcLayout = '4-4-2' | '5-3-2' | '5-4-1' | '5-4-2';

/** How a code may stand for an NDC: its 11-digit forms (no dashes) and the layout, when the dashes said it. */
export interface NdcReading {
  /** One 11-digit NDC when the layout is known; up to three when 10 digits came without dashes. */
  candidates: string[];
  layout: NdcLayout | null;
}

const SEGMENTS: Record<NdcLayout, [number, number, number]> = {
  '4-4-2': [4, 4, 2],
  '5-3-2': [5, 3, 2],
  '5-4-1': [5, 4, 1],
  '5-4-2': [5, 4, 2],
};

const TEN_DIGIT_LAYOUTS: NdcLayout[] = ['4-4-2', '5-3-2', '5-4-1'];

/** The 11-digit 5-4-2 NDC of three segments: each padded with zeros in front to 5, 4 and 2 digits. */
export function ndc11FromSegments(labeler: string, product: string, pack: string): string {
  return `${labeler.padStart(5, '0')}${product.padStart(4, '0')}${pack.padStart(2, '0')}`;
}

/** Splits 10 digits by a layout and widens them to 11. */
function widen(digits: string, layout: NdcLayout): string {
  const [a, b] = SEGMENTS[layout];
  return ndc11FromSegments(digits.slice(0, a), digits.slice(a, a + b), digits.slice(a + b));
}

/** Every 11-digit NDC that 10 digits without dashes may be (each 10-digit layout once, duplicates dropped). */
export function ndc11Candidates(tenDigits: string): string[] {
  return [...new Set(TEN_DIGIT_LAYOUTS.map((layout) => widen(tenDigits, layout)))];
}

/**
 * Reads an NDC: 4-4-2, 5-3-2, 5-4-1 or 5-4-2 with dashes, 11 digits, or 10 digits (then every layout is a
 * candidate). Answers null for anything else; never throws.
 */
export function readNdc(text: string): NdcReading | null {
  const trimmed = text.trim();
  const dashed = /^(\d{4,5})-(\d{3,4})-(\d{1,2})$/.exec(trimmed);
  if (dashed) {
    const [, a = '', b = '', c = ''] = dashed;
    const layout = `${a.length}-${b.length}-${c.length}` as NdcLayout;
    if (!(layout in SEGMENTS)) return null;
    return { candidates: [ndc11FromSegments(a, b, c)], layout };
  }
  if (/^\d{11}$/.test(trimmed)) return { candidates: [trimmed], layout: '5-4-2' };
  if (/^\d{10}$/.test(trimmed)) return { candidates: ndc11Candidates(trimmed), layout: null };
  return null;
}

/** 11 digits as 5-4-2 with dashes ("12345-6789-01"). */
export function formatNdc11(ndc11: string): string {
  return `${ndc11.slice(0, 5)}-${ndc11.slice(5, 9)}-${ndc11.slice(9)}`;
}

/**
 * The 10-digit dashed forms an 11-digit NDC may have been printed as: the layout whose widening added the one
 * leading zero (labeler 0xxxx → 4-4-2, product 0xxx → 5-3-2, package 0x → 5-4-1).
 */
export function ndc10Forms(ndc11: string): { layout: NdcLayout; text: string }[] {
  const forms: { layout: NdcLayout; text: string }[] = [];
  const labeler = ndc11.slice(0, 5);
  const product = ndc11.slice(5, 9);
  const pack = ndc11.slice(9);
  if (labeler.startsWith('0')) forms.push({ layout: '4-4-2', text: `${labeler.slice(1)}-${product}-${pack}` });
  if (product.startsWith('0')) forms.push({ layout: '5-3-2', text: `${labeler}-${product.slice(1)}-${pack}` });
  if (pack.startsWith('0')) forms.push({ layout: '5-4-1', text: `${labeler}-${product}-${pack.slice(1)}` });
  return forms;
}

/**
 * The NDC inside a GTIN-14 whose GS1 company prefix is 03 (a UPC-A starting with 3, any packaging indicator):
 * digits 4 to 13 are the 10-digit NDC, without its layout.
 */
export function ndcFromGtin14(gtin14: string): NdcReading | null {
  if (!/^\d{14}$/.test(gtin14) || gtin14.slice(1, 3) !== '03') return null;
  return { candidates: ndc11Candidates(gtin14.slice(3, 13)), layout: null };
}

/** A product code that is an NDC in any written form, as its 11 digits; null when it is not an unambiguous NDC. */
export function ndc11OfProductCode(code: string): string | null {
  const reading = readNdc(code);
  return reading && reading.candidates.length === 1 ? (reading.candidates[0] ?? null) : null;
}
