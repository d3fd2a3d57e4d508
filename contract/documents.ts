// The documents the station prints (prescription label, packing slip, lot label, staff badge): which one, on which
// stock, and why a copy is printed again. Shared by main (gating and the audit record) and the renderer (the pages).
import { z } from 'zod';
import { recordId } from './audit-terms.ts';
import type { WebSearchParamsClass } from './web-url.ts';

declare const URLSearchParams: WebSearchParamsClass;

export const documentKinds = ['prescription_label', 'packing_slip', 'lot_label', 'staff_badge'] as const;
export const documentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKind>;

export const DOCUMENT_TITLES: Record<PrintedKind, string> = {
  prescription_label: 'Prescription label',
  packing_slip: 'Packing slip',
  lot_label: 'Lot label',
  staff_badge: 'Staff badge',
  practice_bin: 'Practice bin sheet',
  competency_record: 'Competency record',
};

/**
 * Common pharmacy label stock for the prescription label, width × height in inches (a station setting): the thermal
 * label sizes (4 × 2.5, 4 × 6, also DYMO's 4XL), and DYMO LabelWriter's common shipping labels, 30323 (4 × 2-1/8) and
 * 30256 (4 × 2-5/16).
 */
export const labelStocks = ['4x2.5', '4x6', '4x2.125', '4x2.3125'] as const;
export const labelStock = z.enum(labelStocks, { error: 'must be "4x2.5", "4x6", "4x2.125" or "4x2.3125"' });
export type LabelStock = z.infer<typeof labelStock>;

export interface PageSize {
  /** Inches. */
  width: number;
  height: number;
}

export const LABEL_STOCK_SIZES: Record<LabelStock, PageSize> = {
  '4x2.5': { width: 4, height: 2.5 },
  '4x6': { width: 4, height: 6 },
  '4x2.125': { width: 4, height: 2.125 },
  '4x2.3125': { width: 4, height: 2.3125 },
};

/**
 * The page each document prints on: the label on the chosen stock, the slip and the drills' documents on US letter,
 * lot label, a CR80 badge.
 */
export function pageSizeOf(kind: PrintedKind, stock: LabelStock): PageSize {
  if (kind === 'prescription_label') return LABEL_STOCK_SIZES[stock];
  if (kind === 'packing_slip' || kind === 'practice_bin' || kind === 'competency_record') {
    return { width: 8.5, height: 11 };
  }
  if (kind === 'lot_label') return { width: 3, height: 2 };
  return { width: 2.125, height: 3.375 };
}

const pharmacyDocumentRefs = [
  z.strictObject({ kind: z.literal('prescription_label'), orderId: recordId, prescriptionId: recordId }),
  z.strictObject({ kind: z.literal('packing_slip'), orderId: recordId }),
  z.strictObject({ kind: z.literal('lot_label'), lotId: recordId }),
  z.strictObject({ kind: z.literal('staff_badge'), userId: recordId }),
] as const;

/** The pharmacy's own documents: each has its printer setting and every copy is kept in the audit log. */
export const pharmacyDocumentRef = z.discriminatedUnion('kind', pharmacyDocumentRefs);
export type PharmacyDocumentRef = z.infer<typeof pharmacyDocumentRef>;

/**
 * The training drills' documents (training service only): a drill's practice bin sheet (one code per item the trainee
 * is handed) and a trainee's competency record. Their copies are the drills' records (drill-results.db), never the
 * pharmacy's audit log; they print on the packing slip's printer (US letter).
 */
export const drillDocumentRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('practice_bin'), attemptId: recordId }),
  z.strictObject({ kind: z.literal('competency_record'), trainee: z.email().max(200) }),
]);
export type DrillDocumentRef = z.infer<typeof drillDocumentRef>;

/** Which document, of what: every print names its subject by ids only (nothing about a patient in an address). */
export const documentRef = z.discriminatedUnion('kind', [...pharmacyDocumentRefs, ...drillDocumentRef.options]);
export type DocumentRef = z.infer<typeof documentRef>;
/** Every kind the station prints: the pharmacy's documents and the drills'. */
export const printedKind = z.enum([...documentKinds, 'practice_bin', 'competency_record']);
export type PrintedKind = z.infer<typeof printedKind>;

export const isDrillDocument = (ref: DocumentRef): ref is DrillDocumentRef =>
  ref.kind === 'practice_bin' || ref.kind === 'competency_record';

/** The printer setting a document prints with: the drills' documents go where the packing slip (letter) goes. */
export const printerSettingOf = (kind: PrintedKind): DocumentKind =>
  kind === 'practice_bin' || kind === 'competency_record' ? 'packing_slip' : kind;

/** One key per document, for what a confirmation allows ("prescription_label/<orderId>/<prescriptionId>"). */
export function documentKeyOf(ref: DocumentRef): string {
  switch (ref.kind) {
    case 'prescription_label':
      return `${ref.kind}/${ref.orderId}/${ref.prescriptionId}`;
    case 'packing_slip':
      return `${ref.kind}/${ref.orderId}`;
    case 'lot_label':
      return `${ref.kind}/${ref.lotId}`;
    case 'staff_badge':
      return `${ref.kind}/${ref.userId}`;
    case 'practice_bin':
      return `${ref.kind}/${ref.attemptId}`;
    case 'competency_record':
      return `${ref.kind}/${ref.trainee.toLowerCase()}`;
  }
}

/** What the print-only route is asked to print: the document, the ticket main gave for it, and a reprint's reason. */
export interface PrintRouteRequest {
  document: DocumentRef;
  ticket: string | null;
  reprint: { reason: ReprintReason; note: string } | null;
}

/** The route parameters that are not the document's ids. */
const ROUTE_PARAMS = new Set(['document', 'ticket', 'reprint', 'note']);

/** The print route's address query (`?document=<kind>&orderId=…&ticket=…`): ids, the ticket, a reprint's reason. */
export function documentQuery(
  ref: DocumentRef,
  extra: { ticket?: string; reprint?: { reason: ReprintReason; note: string } } = {},
): string {
  const params = new URLSearchParams(
    Object.entries(ref).map(([key, value]) => [key === 'kind' ? 'document' : key, value]),
  );
  if (extra.ticket) params.set('ticket', extra.ticket);
  if (extra.reprint) {
    params.set('reprint', extra.reprint.reason);
    params.set('note', extra.reprint.note);
  }
  return `?${params.toString()}`;
}

/** What a print route's query asks for, or null when it names no document (or names one badly). */
export function printRouteFromQuery(search: string): PrintRouteRequest | null {
  const params = new URLSearchParams(search);
  const kind = params.get('document');
  if (!kind) return null;
  const fields: Record<string, string> = { kind };
  for (const [key, value] of params) if (!ROUTE_PARAMS.has(key)) fields[key] = value;
  const parsed = documentRef.safeParse(fields);
  if (!parsed.success) return null;
  const reason = reprintReason.safeParse(params.get('reprint'));
  const note = params.get('note') ?? '';
  return {
    document: parsed.data,
    ticket: params.get('ticket'),
    reprint: reason.success ? { reason: reason.data, note } : null,
  };
}

/** Why a copy is printed again (the note says the rest), like the reasons for dismissing a stop. */
export const reprintReasons = ['damaged', 'printer_jam', 'lost', 'wrong_stock', 'final_check', 'other'] as const;
export const reprintReason = z.enum(reprintReasons);
export type ReprintReason = z.infer<typeof reprintReason>;

export const REPRINT_REASON_TITLES: Record<ReprintReason, string> = {
  damaged: 'The label was damaged or smudged',
  printer_jam: 'The printer jammed or printed badly',
  lost: 'The copy was lost',
  wrong_stock: 'Printed on the wrong stock',
  final_check: 'The final check passed: the final label replaces the one awaiting it',
  other: 'Other (say why)',
};

/** "Lisinopril 10 mg": the drug and its strength, once even when the name already carries it. */
export function drugWithStrength(name: string, strength: string | null | undefined): string {
  return strength && !name.toLowerCase().includes(strength.toLowerCase()) ? `${name} ${strength}` : name;
}

/**
 * Refills left after this fill: the service's fills_remaining counts this fill too (a new prescription with 2 refills
 * has 3 fills remaining); without it, the refills written.
 */
export function refillsAfterThisFill(rx: { fills_remaining?: number | null; refills?: number | null }): number | null {
  if (typeof rx.fills_remaining === 'number') return Math.max(0, rx.fills_remaining - 1);
  return typeof rx.refills === 'number' ? rx.refills : null;
}
