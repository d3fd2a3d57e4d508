// The documents the station prints (prescription label, packing slip, lot label, staff badge): which one, on which
// stock, and why a copy is printed again. Shared by main (gating and the audit record) and the renderer (the pages).
import { z } from 'zod';
import { recordId } from './ipc/audit-shapes.ts';

export const documentKinds = ['prescription_label', 'packing_slip', 'lot_label', 'staff_badge'] as const;
export const documentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKind>;

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  prescription_label: 'Prescription label',
  packing_slip: 'Packing slip',
  lot_label: 'Lot label',
  staff_badge: 'Staff badge',
};

/** Common pharmacy label stock for the prescription label, width × height in inches (a station setting). */
export const labelStocks = ['4x2.5', '4x6'] as const;
export const labelStock = z.enum(labelStocks, { error: 'must be "4x2.5" or "4x6"' });
export type LabelStock = z.infer<typeof labelStock>;

export interface PageSize {
  /** Inches. */
  width: number;
  height: number;
}

export const LABEL_STOCK_SIZES: Record<LabelStock, PageSize> = {
  '4x2.5': { width: 4, height: 2.5 },
  '4x6': { width: 4, height: 6 },
};

/** The page each document prints on: the label on the chosen stock, the slip on US letter, lot label, a CR80 badge. */
export function pageSizeOf(kind: DocumentKind, stock: LabelStock): PageSize {
  if (kind === 'prescription_label') return LABEL_STOCK_SIZES[stock];
  if (kind === 'packing_slip') return { width: 8.5, height: 11 };
  if (kind === 'lot_label') return { width: 3, height: 2 };
  return { width: 2.125, height: 3.375 };
}

/** Which document, of what: every print names its subject by ids only (nothing about a patient in an address). */
export const documentRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('prescription_label'), orderId: recordId, prescriptionId: recordId }),
  z.strictObject({ kind: z.literal('packing_slip'), orderId: recordId }),
  z.strictObject({ kind: z.literal('lot_label'), lotId: recordId }),
  z.strictObject({ kind: z.literal('staff_badge'), userId: recordId }),
]);
export type DocumentRef = z.infer<typeof documentRef>;

/** The print route's address query for a document (`?document=<kind>&orderId=…`): ids only. */
export function documentQuery(ref: DocumentRef): string {
  const params = new URLSearchParams(
    Object.entries(ref).map(([key, value]) => [key === 'kind' ? 'document' : key, value]),
  );
  return `?${params.toString()}`;
}

/** The document a print route's query names, or null when it names none (or names one badly). */
export function documentFromQuery(search: string): DocumentRef | null {
  const params = new URLSearchParams(search);
  const kind = params.get('document');
  if (!kind) return null;
  const fields: Record<string, string> = { kind };
  for (const [key, value] of params) if (key !== 'document') fields[key] = value;
  const parsed = documentRef.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/** Why a copy is printed again (the note says the rest), like the reasons for dismissing a stop. */
export const reprintReasons = ['damaged', 'printer_jam', 'lost', 'wrong_stock', 'other'] as const;
export const reprintReason = z.enum(reprintReasons);
export type ReprintReason = z.infer<typeof reprintReason>;

export const REPRINT_REASON_TITLES: Record<ReprintReason, string> = {
  damaged: 'The label was damaged or smudged',
  printer_jam: 'The printer jammed or printed badly',
  lost: 'The copy was lost',
  wrong_stock: 'Printed on the wrong stock',
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
