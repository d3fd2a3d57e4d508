// The words of a scan in the audit log: what a code may be, how it was entered and matched, what came of it, which of
// the reasons a person may give for letting a hard stop go fit which stop (both named in ../audit-terms.ts), and the
// scans and lines a verification reports.
import { z } from 'zod';
import { auditDismissReason, auditStopKind, recordId } from '../audit-terms.ts';

/**
 * What the scanner or the keyboard produced. Control characters are refused except ASCII 29 (GS), the FNC1 separator
 * of a GS1 DataMatrix read as text.
 */
export const scannedCode = z
  .string()
  .min(1)
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters.
  .regex(/^[^\u0000-\u001c\u001e\u001f\u007f]+$/, 'a scanned code has no control characters other than GS');

/**
 * One submission of the scan field as the scanner sent it or the person typed it (the station's scanner marks taken
 * off), a count typed before `*` included: main reads it once (rules/verification/codes/scanned-code.ts), and a text
 * that is no code is refused there with the rule's words. Room for a count before a code of the longest kind.
 */
export const scanText = z
  .string()
  .min(1)
  .max(220)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters.
  .regex(/^[^\u0000-\u001c\u001e\u001f\u007f]+$/, 'a scanned text has no control characters other than GS');

/** scanner: the characters came as a burst; typed: a person typed them. */
export const auditEntryMethod = z.enum(['scanner', 'typed']);
/** Which of the product's codes the scan matched. */
export const auditMatchedBy = z.enum(['service_barcode', 'sku', 'product_code', 'upc', 'ndc', 'gs1']);
/** counted: it counted on a line; stopped: a hard stop; unrecognised: matched nothing; undone: a counted scan taken back. */
export const auditScanResult = z.enum(['counted', 'stopped', 'unrecognised', 'undone']);
type StopKindValue = z.infer<typeof auditStopKind>;
type DismissReasonValue = z.infer<typeof auditDismissReason>;
/**
 * Which reasons fit which stop (reported_as_task, set by Alt+D, fits every one). A wrong product cannot be waved
 * through as a corrected count, and an expired lot is never "approved": it is replaced or it does not ship.
 */
export const STOP_REASONS: Record<StopKindValue, readonly DismissReasonValue[]> = {
  not_on_order: ['removed', 'misread', 'pharmacist_approved', 'other'],
  too_many: ['count_corrected', 'removed', 'other'],
  expired_lot: ['removed', 'misread', 'other'],
  not_prescribed: ['pharmacist_approved', 'removed'],
  recalled_lot: ['removed', 'misread', 'other'],
};
/** Reasons that mean "a pharmacist allowed it": main keeps them only with a pharmacist's confirmation made there. */
export const PHARMACIST_REASONS: readonly DismissReasonValue[] = ['pharmacist_approved'];
/** Stops only a pharmacist clears, whatever the reason (and never by reporting a task): a product not prescribed. */
export const PHARMACIST_STOPS: readonly StopKindValue[] = ['not_prescribed'];
export function reasonFits(kind: StopKindValue, reason: DismissReasonValue): boolean {
  if (reason === 'reported_as_task') return !PHARMACIST_STOPS.includes(kind);
  return STOP_REASONS[kind].includes(reason);
}
export const auditOutcome = z.enum(['verified', 'discrepancy']);

export const quantity = z.number().int().min(1).max(9999);
export const count = z.number().int().min(0).max(100_000);

export const stopFields = {
  kind: auditStopKind,
  reason: auditDismissReason,
  note: z.string().trim().min(1, 'a dismissed stop needs a note saying why').max(500),
  /** The outbox id of the discrepancy task made from this stop, if one was. */
  taskRef: recordId.nullable(),
};

export const scanFields = {
  code: scannedCode,
  entry: auditEntryMethod,
  /** How many units the scan stands for (a count typed before it: `90*`), 1 otherwise. */
  quantity,
  result: auditScanResult,
  matchedBy: auditMatchedBy.nullable(),
  productId: recordId.nullable(),
  lotId: recordId.nullable(),
  /** The lot (batch) number the code carried (GS1 AI 10) or the scanned lot's. */
  lot: z.string().min(1).max(100).nullable(),
  /** The expiry the code carried or the lot has, YYYY-MM-DD. */
  expiry: z.iso.date().nullable(),
  stop: z.strictObject(stopFields).nullable(),
};

export const lineFields = {
  productId: recordId,
  sku: z.string().max(100).nullable(),
  expected: count,
  scanned: count,
  /** A controlled substance: verified only with a pharmacist's confirmation of the count (a sign-off). */
  controlled: z.boolean().optional(),
};

export const auditScan = z.strictObject(scanFields).superRefine((scan, ctx) => {
  const needsProduct = scan.result === 'counted' || scan.result === 'undone';
  if (needsProduct && scan.productId === null) {
    ctx.addIssue({ code: 'custom', path: ['productId'], message: `a ${scan.result} scan names its product` });
  }
  if (scan.result === 'stopped' && scan.stop === null) {
    ctx.addIssue({ code: 'custom', path: ['stop'], message: 'a stopped scan says how the stop was dismissed' });
  }
  if (scan.stop && !reasonFits(scan.stop.kind, scan.stop.reason)) {
    ctx.addIssue({ code: 'custom', path: ['stop', 'reason'], message: 'is not a reason for this kind of stop' });
  }
  if (scan.result !== 'stopped' && scan.stop !== null) {
    ctx.addIssue({ code: 'custom', path: ['stop'], message: 'only a stopped scan has a stop' });
  }
});
export type AuditScan = z.infer<typeof auditScan>;

export const auditLine = z.strictObject(lineFields).refine((line) => line.scanned <= line.expected, {
  path: ['scanned'],
  message: 'a line cannot have more scanned than expected (that is a stop)',
});
export type AuditLine = z.infer<typeof auditLine>;

/** Net units counted per product: counted scans minus undone ones. */
export function countedByProduct(scans: readonly Pick<AuditScan, 'result' | 'productId' | 'quantity'>[]) {
  const counted = new Map<string, number>();
  for (const scan of scans) {
    if (scan.productId === null) continue;
    const sign = scan.result === 'counted' ? 1 : scan.result === 'undone' ? -1 : 0;
    counted.set(scan.productId, (counted.get(scan.productId) ?? 0) + sign * scan.quantity);
  }
  return counted;
}
