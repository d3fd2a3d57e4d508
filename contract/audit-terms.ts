// The audit log's terms that the contract's own top-level shapes name too (a document's reference, a drill's checks):
// a record's id, the kinds of hard stop and the reasons a person may give for letting one go, a pharmacist's review
// decisions. A leaf: the audit records in ipc/ are built from these, and nothing here imports ipc/.
import { z } from 'zod';

/** A record id as the service gives it (a UUID in practice): letters, digits and - _ . : only, so it is safe to log. */
export const recordId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an id is letters, digits and - _ . :');

export const auditStopKind = z.enum(['not_on_order', 'too_many', 'expired_lot', 'not_prescribed', 'recalled_lot']);
/** Why a person dismissed a hard stop (the picklist); the note says the rest. */
export const auditDismissReason = z.enum([
  'removed',
  'misread',
  'count_corrected',
  'pharmacist_approved',
  'reported_as_task',
  'other',
]);

export const reviewDecisionKind = z.enum(['reviewed', 'needs_clarification', 'exception']);
export type ReviewDecisionKind = z.infer<typeof reviewDecisionKind>;
