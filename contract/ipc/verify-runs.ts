// verify:start / scan / undo / answerStop / finish / drop: a verification run kept and decided by main. The renderer sends
// what was scanned or typed (the text whole, how it was entered) and what the person chose; main reads the scan, the
// order, counts, raises stops and records, and answers the run it holds (rules/verification/run.ts).
import { z } from 'zod';
import { auditDismissReason, auditStopKind, recordId } from '../audit-terms.ts';
import { productKind } from '../service/products.ts';
import { auditEntry } from './audit.ts';
import {
  auditEntryMethod,
  auditMatchedBy,
  count,
  quantity,
  scanFields,
  scannedCode,
  scanText,
  stopFields,
} from './audit-scan.ts';
import { signOff, signOffInput } from './sign-off.ts';

const orderId = recordId;

export const verifyRunRef = z.strictObject({ orderId });

/**
 * Start (or resume) the signed-in person's run of an order. Main reads the order itself; the only say the renderer has
 * is who else signs it off before counting: a pharmacist's override of the picker, an admin's re-verify.
 */
export const verifyStartInput = z.strictObject({
  orderId,
  signOffs: z
    .array(signOffInput)
    .max(2)
    .refine(
      (list) => list.every((s) => s.purpose !== 'controlled_count' && s.purpose !== 'final_check'),
      'a controlled count is confirmed at the end, and a final check is main’s',
    )
    .optional(),
});

/**
 * One scan: the text the scan field submitted, whole (a count typed before `*` included: `90*<code>`), and how it was
 * entered. Main reads the count and the code; a structure in place of the text, or a count or code sent apart, is refused.
 */
export const verifyScanInput = z.strictObject({
  orderId,
  text: scanText,
  entry: auditEntryMethod,
});

/** The stop waiting, let go with a reason from its picklist: a pharmacist's reason names the pharmacist's confirmation. */
export const verifyAnswerStopInput = z.strictObject({
  orderId,
  reason: auditDismissReason,
  note: z.string().max(500),
  /** The discrepancy task (outbox id) the stop was reported in (reason reported_as_task). */
  taskRef: recordId.nullable(),
  confirmationId: recordId.nullable(),
});

/**
 * End the run: main records it as verified when every line is complete and each controlled count was confirmed by a
 * pharmacist (here), else as a discrepancy when a line is short or a stop was let go. `taskRef`: the discrepancy task
 * that reports every problem not yet reported.
 */
export const verifyFinishInput = z.strictObject({
  orderId,
  taskRef: recordId.nullable(),
  /** The pharmacist's count of each controlled line waiting (a plain number), compared by main with the scans. */
  controlledCount: z
    .strictObject({
      confirmationId: recordId,
      counts: z
        .array(z.strictObject({ productId: recordId, counted: count }))
        .min(1)
        .max(50),
      note: z.string().trim().max(500).default(''),
    })
    .nullable(),
});

const scanFacts = {
  code: scannedCode,
  quantity,
  matchedBy: auditMatchedBy.nullable(),
  productId: recordId.nullable(),
  lotId: recordId.nullable(),
  lot: scanFields.lot,
  expiry: scanFields.expiry,
};

export const verifyLine = z.strictObject({
  productId: recordId,
  kind: productKind,
  name: z.string().nullable(),
  sku: z.string().nullable(),
  productCode: z.string().nullable(),
  expected: count,
  controlled: z.boolean(),
  schedule: z.string().nullable(),
});

const runScan = z.strictObject({
  ...scanFacts,
  seq: z.number().int().min(1),
  entry: auditEntryMethod,
  result: scanFields.result,
  stop: z.strictObject({ ...stopFields, note: z.string().max(500) }).nullable(),
  undoes: z.number().int().nullable(),
  message: z.string(),
});

const pendingStop = z.strictObject({
  kind: auditStopKind,
  title: z.string(),
  message: z.string(),
  facts: z.strictObject(scanFacts),
  entry: auditEntryMethod,
  reportedIn: z.string().optional(),
});

/** The run as main holds it (rules/verification/run.ts's VerifyRun). */
export const verifyRunState = z.strictObject({
  lines: z.array(verifyLine),
  scans: z.array(runScan),
  pending: pendingStop.nullable(),
  recorded: auditEntry.nullable(),
  shortReportedIn: z.string().nullable(),
  nextSeq: z.number().int().min(1),
});

/** Main's answer: its run after the step was saved, what to tell the person, and whether it went on offline. */
export const verifyRunView = z.strictObject({
  orderId: z.string(),
  run: verifyRunState,
  /** Who signed it off so far, as main resolved them (a pharmacist's confirmation, the signed-in admin). */
  signOffs: z.array(signOff),
  /** Some of it was decided from what this station read earlier, the service being down. */
  offline: z.boolean(),
  said: z.strictObject({ tone: z.enum(['good', 'bad', 'info']), text: z.string() }).nullable(),
  /**
   * Recorded verified where tech-check-tech is not allowed and no pharmacist verified it: why a pharmacist's final
   * check is still needed before the prescription labels (main's, from its settings); null otherwise.
   */
  finalCheckNeeded: z.string().nullable(),
});
export type VerifyRunView = z.infer<typeof verifyRunView>;
