// Lot quantity adjustments in the audit log: main records one when the service confirms inventory.adjustQuantity; the
// renderer sends none, it only lists them.
import { z } from 'zod';
import { recordId } from '../audit-terms.ts';
import { auditUser } from './audit-shapes.ts';

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
