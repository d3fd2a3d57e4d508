// Hard stops in the audit log: each one is kept the moment it is dismissed or turned into a task, before the
// verification ends.
import { z } from 'zod';
import { auditDismissReason, auditStopKind, recordId } from '../audit-terms.ts';
import {
  auditEntryMethod,
  auditMatchedBy,
  PHARMACIST_REASONS,
  quantity,
  reasonFits,
  scannedCode,
  stopFields,
} from './audit-scan.ts';
import { auditUser } from './audit-shapes.ts';

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
