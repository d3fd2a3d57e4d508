// The pharmacist's review decision on a prescription, kept in the audit log, and the admin's export of the log.
import { z } from 'zod';
import { recordId, reviewDecisionKind } from '../audit-terms.ts';
import { auditUser } from './audit-shapes.ts';

/** One check as the pharmacist saw it, worded as a finding, with their acknowledgement when it did not pass. */
export const reviewFinding = z.strictObject({
  check: z.string().min(1).max(40),
  status: z.enum(['pass', 'warn', 'fail']),
  finding: z.string().min(1).max(500),
  acknowledgement: z.string().trim().min(3, 'say in a few words why it is acceptable').max(500).nullable(),
});
export type ReviewFinding = z.infer<typeof reviewFinding>;

export const reviewDecisionInput = z
  .strictObject({
    prescriptionId: recordId,
    decision: reviewDecisionKind,
    findings: z.array(reviewFinding).max(30),
    note: z.string().trim().max(1000),
    /** The outbox id of the task a clarification or an exception made. */
    taskRef: recordId.nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reviewed') {
      input.findings.forEach((finding, i) => {
        if (finding.status === 'fail' && finding.acknowledgement === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['findings', i, 'acknowledgement'],
            message: 'a failed check is acknowledged with a reason before the prescription is reviewed',
          });
        }
      });
    } else if (input.taskRef === null) {
      ctx.addIssue({ code: 'custom', path: ['taskRef'], message: 'a clarification or an exception names its task' });
    }
  });
export type ReviewDecisionInput = z.input<typeof reviewDecisionInput>;

export const reviewDecision = z.strictObject({
  id: z.string(),
  prescriptionId: z.string(),
  decision: reviewDecisionKind,
  findings: z.array(reviewFinding),
  note: z.string(),
  taskRef: z.string().nullable(),
  user: auditUser,
  recordedAt: z.string(),
});
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const reviewDecisionsInput = z.strictObject({
  prescriptionId: recordId,
  limit: z.number().int().min(1).max(200).optional(),
});

/** Every record of the log in a date range (days on main's calendar, UTC, both ends included), for an admin. */
export const auditExportInput = z
  .strictObject({ from: z.iso.date(), to: z.iso.date(), format: z.enum(['csv', 'json']) })
  .refine((input) => input.from <= input.to, { path: ['to'], message: 'the range ends on or after its start' });
export type AuditExportInput = z.input<typeof auditExportInput>;

export const auditExport = z.strictObject({
  format: z.enum(['csv', 'json']),
  filename: z.string(),
  records: z.number().int(),
  content: z.string(),
});
export type AuditExport = z.infer<typeof auditExport>;
