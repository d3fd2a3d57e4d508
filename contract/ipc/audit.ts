// The local audit log: what the renderer sends when a verification ends and each hard stop the moment it is dismissed,
// the entries main keeps, and the lot quantity adjustments main records itself when the service confirms one.
import { z } from 'zod';
import { auditUser, recordId } from './audit-shapes.ts';
import { signOff, signOffInput } from './sign-off.ts';

export { auditUser } from './audit-shapes.ts';

/**
 * What the scanner or the keyboard produced. Control characters are refused except ASCII 29 (GS), the FNC1 separator
 * of a GS1 DataMatrix read as text.
 */
const scannedCode = z
  .string()
  .min(1)
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters.
  .regex(/^[^\u0000-\u001c\u001e\u001f\u007f]+$/, 'a scanned code has no control characters other than GS');

/** scanner: the characters came as a burst; typed: a person typed them. */
export const auditEntryMethod = z.enum(['scanner', 'typed']);
/** Which of the product's codes the scan matched. */
export const auditMatchedBy = z.enum(['service_barcode', 'sku', 'product_code', 'upc', 'ndc', 'gs1']);
/** counted: it counted on a line; stopped: a hard stop; unrecognised: matched nothing; undone: a counted scan taken back. */
export const auditScanResult = z.enum(['counted', 'stopped', 'unrecognised', 'undone']);
export const auditStopKind = z.enum(['not_on_order', 'too_many', 'expired_lot']);
/** Why a person dismissed a hard stop (the picklist); the note says the rest. */
export const auditDismissReason = z.enum([
  'removed',
  'misread',
  'count_corrected',
  'pharmacist_approved',
  'reported_as_task',
  'other',
]);
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
};
/** Reasons that mean "a pharmacist allowed it": main keeps them only with a pharmacist's confirmation made there. */
export const PHARMACIST_REASONS: readonly DismissReasonValue[] = ['pharmacist_approved'];
export function reasonFits(kind: StopKindValue, reason: DismissReasonValue): boolean {
  return reason === 'reported_as_task' || STOP_REASONS[kind].includes(reason);
}
export const auditOutcome = z.enum(['verified', 'discrepancy']);

const quantity = z.number().int().min(1).max(9999);
const count = z.number().int().min(0).max(100_000);

const stopFields = {
  kind: auditStopKind,
  reason: auditDismissReason,
  note: z.string().trim().min(1, 'a dismissed stop needs a note saying why').max(500),
  /** The outbox id of the discrepancy task made from this stop, if one was. */
  taskRef: recordId.nullable(),
};

const scanFields = {
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

const lineFields = {
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

/**
 * A finished verification as the renderer reports it. Who and when are not in it: main takes them from the session
 * and its clock. The lines must agree with the scans, and the outcome with the lines.
 */
export const auditRecordInput = z
  .strictObject({
    orderId: recordId,
    orderNumber: z.string().max(64).nullable(),
    outcome: auditOutcome,
    lines: z.array(auditLine).min(1, 'a verification has at least one line').max(200),
    scans: z.array(auditScan).max(2000),
    /** The outbox id of the discrepancy task, when one was made. */
    taskRef: recordId.nullable(),
    /** Who else signed this verification off and why (controlled counts, a picker's override, an admin's re-verify). */
    signOffs: z.array(signOffInput).max(50).optional(),
  })
  .superRefine((input, ctx) => {
    const signedCounts = new Set(
      (input.signOffs ?? []).filter((s) => s.purpose === 'controlled_count').map((s) => s.productId),
    );
    if (input.outcome === 'verified') {
      input.lines.forEach((line, i) => {
        if (line.controlled && !signedCounts.has(line.productId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', i, 'controlled'],
            message: 'a controlled line is verified only with a pharmacist confirming its count',
          });
        }
      });
    }
    const seen = new Set<string>();
    input.lines.forEach((line, i) => {
      if (seen.has(line.productId)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'productId'], message: 'a product has one line' });
      }
      seen.add(line.productId);
    });
    const counted = countedByProduct(input.scans);
    input.scans.forEach((scan, i) => {
      if ((scan.result === 'counted' || scan.result === 'undone') && scan.productId && !seen.has(scan.productId)) {
        ctx.addIssue({ code: 'custom', path: ['scans', i, 'productId'], message: 'counts on no line of the order' });
      }
    });
    input.lines.forEach((line, i) => {
      const net = counted.get(line.productId) ?? 0;
      if (net !== line.scanned) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'scanned'],
          message: `says ${line.scanned} scanned but the scans count ${net}`,
        });
      }
    });
    const complete = input.lines.every((line) => line.scanned === line.expected);
    if (input.outcome === 'verified' && !complete) {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'verified needs every line complete' });
    }
    const stopped = input.scans.some((scan) => scan.result === 'stopped');
    if (input.outcome === 'discrepancy' && complete && !stopped) {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'a discrepancy needs a short line or a stop' });
    }
  });
export type AuditRecordInput = z.input<typeof auditRecordInput>;

export const auditListInput = z
  .strictObject({
    orderId: recordId.optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .optional();

export const auditEntry = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  outcome: auditOutcome,
  user: auditUser,
  /** Main's clock, ISO 8601. */
  recordedAt: z.string(),
  lines: z.array(z.strictObject(lineFields)),
  scans: z.array(z.strictObject(scanFields)),
  taskRef: z.string().nullable(),
  signOffs: z.array(signOff),
});
export type AuditEntry = z.infer<typeof auditEntry>;

// ---- Lot quantity adjustments: main records one when the service confirms inventory.adjustQuantity; none is sent ----

/** Which lot's adjustments to list (the newest `limit`, 50 unless said). */
export const auditAdjustmentsInput = z.strictObject({
  lotId: recordId,
  limit: z.number().int().min(1).max(200).optional(),
});
export type AuditAdjustmentsInput = z.input<typeof auditAdjustmentsInput>;

/**
 * One confirmed change of a lot's quantity, as main recorded it after the service answered: the change and reason the
 * station sent, the lot's quantity after it from the answer (before = after − change), who from the session and when
 * from main's clock. Of the current backend only.
 */
export const auditAdjustment = z.strictObject({
  id: z.string(),
  lotId: z.string(),
  productId: z.string().nullable(),
  batchNumber: z.string().nullable(),
  /** Signed: negative took units away. */
  change: z.number(),
  /** Null when the service's answer did not say the lot's quantity. */
  quantityBefore: z.number().nullable(),
  quantityAfter: z.number().nullable(),
  reason: z.string(),
  user: auditUser,
  /** Main's clock, ISO 8601. */
  recordedAt: z.string(),
});
export type AuditAdjustment = z.infer<typeof auditAdjustment>;

// ---- Hard stops: each one is kept the moment it is dismissed or turned into a task, before the verification ends ----

/**
 * One hard stop as the verify screen reports it when the person dismisses it (or Alt+D turns it into a task): the
 * order, what was scanned, the stop and why it was let go. Who and when are not in it: main adds them.
 */
export const auditStopInput = z
  .strictObject({
    orderId: recordId,
    orderNumber: z.string().max(64).nullable(),
    code: scannedCode,
    entry: auditEntryMethod,
    quantity,
    matchedBy: auditMatchedBy.nullable(),
    productId: recordId.nullable(),
    lotId: recordId.nullable(),
    lot: z.string().min(1).max(100).nullable(),
    expiry: z.iso.date().nullable(),
    ...stopFields,
    /** A pharmacist's confirmation made at the station for this stop (session:confirmPharmacist), single use. */
    confirmationId: recordId.nullable().optional(),
  })
  .superRefine((stop, ctx) => {
    if (!reasonFits(stop.kind, stop.reason)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `${stop.reason} is not a reason for a ${stop.kind} stop`,
      });
    }
    if (PHARMACIST_REASONS.includes(stop.reason) && !stop.confirmationId) {
      ctx.addIssue({ code: 'custom', path: ['confirmationId'], message: 'a pharmacist must confirm this reason here' });
    }
    if (stop.reason === 'reported_as_task' && stop.taskRef === null) {
      ctx.addIssue({ code: 'custom', path: ['taskRef'], message: 'a stop reported as a task names its task' });
    }
  });
export type AuditStopInput = z.input<typeof auditStopInput>;

/** One order's stops (the newest `limit`, 50 unless said). */
export const auditStopsInput = z.strictObject({
  orderId: recordId,
  limit: z.number().int().min(1).max(200).optional(),
});
export type AuditStopsInput = z.input<typeof auditStopsInput>;

/** A hard stop as main kept it: the renderer's report with who from the session and when from main's clock. */
export const auditStop = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  code: z.string(),
  entry: auditEntryMethod,
  quantity: z.number(),
  matchedBy: auditMatchedBy.nullable(),
  productId: z.string().nullable(),
  lotId: z.string().nullable(),
  lot: z.string().nullable(),
  expiry: z.string().nullable(),
  kind: auditStopKind,
  reason: auditDismissReason,
  note: z.string(),
  taskRef: z.string().nullable(),
  user: auditUser,
  /** The pharmacist who confirmed it at the station, when the reason needs one. */
  approvedBy: auditUser.nullable(),
  /** Main's clock, ISO 8601. */
  recordedAt: z.string(),
});
export type AuditStop = z.infer<typeof auditStop>;
