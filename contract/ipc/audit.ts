// The local audit log: what the renderer sends when a verification ends, and the entries main keeps. The words of a
// scan are in audit-scan.ts, hard stops in audit-stops.ts, lot adjustments in audit-adjustments.ts (all exported here).
import { z } from 'zod';
import { recordId } from '../audit-terms.ts';
import { auditLine, auditOutcome, auditScan, countedByProduct, lineFields, scanFields } from './audit-scan.ts';
import { auditUser } from './audit-shapes.ts';
import { signOff, signOffInput } from './sign-off.ts';

export { auditDismissReason, auditStopKind } from '../audit-terms.ts';
export * from './audit-adjustments.ts';
export {
  type AuditLine,
  type AuditScan,
  auditEntryMethod,
  auditLine,
  auditMatchedBy,
  auditOutcome,
  auditScan,
  auditScanResult,
  countedByProduct,
  PHARMACIST_REASONS,
  PHARMACIST_STOPS,
  reasonFits,
  STOP_REASONS,
} from './audit-scan.ts';
export { auditUser } from './audit-shapes.ts';
export * from './audit-stops.ts';

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
  /** Main's run went on, in part, offline from what the station read earlier; null on a record from before it was kept. */
  offline: z.boolean().nullable(),
  /** The order's patient and electronic prescriptions as main's run read them; null on a record from before. */
  orderAsRead: z
    .strictObject({ patientId: z.string().nullable(), electronicPrescriptionIds: z.array(z.string()) })
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
