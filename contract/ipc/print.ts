// Printing: may this document print now (and why not), print or save it (main gates and records every copy in the
// audit log), the copies printed so far, and the service barcode a prescription label carries.
import { z } from 'zod';
import { recordId } from '../audit-terms.ts';
import { documentContent } from '../document-content.ts';
import { documentRef, printedKind, reprintReason } from '../documents.ts';
import { auditUser } from './audit-shapes.ts';

export const printOutput = z.enum(['print', 'pdf']);
export type PrintOutput = z.infer<typeof printOutput>;

/**
 * verified: the line was counted complete in a finished verification at this station; pharmacist: a pharmacist
 * allowed it (with a reason); not_gated: this document needs no verification (slip, lot label, badge).
 */
export const printGrounds = z.enum(['verified', 'pharmacist', 'not_gated']);

export const printCheck = z.strictObject({
  /** May it print without a pharmacist's override. */
  allowed: z.boolean(),
  /** Why not, in words a technician reads before trying; null when allowed. */
  reason: z.string().nullable(),
  /**
   * What holds it back: the pharmacy's details (only an admin's Settings fix that; no override is offered), a line
   * not verified yet (a pharmacist may allow it), or the pharmacy's record that cannot be reached (a label printed
   * meanwhile needs a pharmacist's confirmation at the station); null when allowed.
   */
  blockedBy: z.enum(['pharmacy_missing', 'not_verified', 'record_unreachable']).nullable(),
  /**
   * Allowed, but not final: a technician's verification where tech-check-tech is not allowed, waiting for the
   * pharmacist's final check. The label prints with its live barcode (the pharmacist scans it at the final check) and
   * the band "AWAITING PHARMACIST FINAL CHECK"; these are the words saying why. Null when the label is final (or the
   * document is not a label, or it is refused).
   */
  awaitingFinalCheck: z.string().nullable(),
  /** Copies of this document printed (or saved) at this station so far; one or more makes the next a reprint. */
  copies: z.number().int().min(0),
  lastPrintedAt: z.string().nullable(),
});
export type PrintCheck = z.infer<typeof printCheck>;

/**
 * A document prepared by main: may it print (and why not), its copies so far, what it says (the renderer draws exactly
 * this), and a one-time ticket that printing presents. No content and no ticket when main cannot draw it (the
 * pharmacy is not set).
 */
export const preparedDocument = printCheck.extend({
  document: documentRef,
  content: documentContent.nullable(),
  /**
   * The content is a preview of a document main refused: no live barcode (an empty one, drawn as "no barcode") and no
   * patient. The real content is only in print:document's answer, once main allows the copy (or a pharmacist's
   * override).
   */
  preview: z.boolean(),
  ticket: z.string().nullable(),
});
export type PreparedDocument = z.infer<typeof preparedDocument>;

export const printDocumentInput = z.strictObject({
  /** The ticket print:prepare gave: it names the document and the content main prepared, and serves once. */
  ticket: z.string().trim().min(1).max(100),
  output: printOutput,
  /** Needed when this document was printed here before. */
  reprint: z
    .strictObject({ reason: reprintReason, note: z.string().trim().min(3, 'say why in a few words').max(500) })
    .nullable()
    .optional(),
  /**
   * A pharmacist allows a label before its line is verified: their confirmation at this station (a technician), or
   * null when the signed-in person is the pharmacist; the note says why.
   */
  override: z
    .strictObject({
      confirmationId: recordId.nullable(),
      note: z.string().trim().min(3, 'say why in a few words').max(500),
    })
    .nullable()
    .optional(),
});
export type PrintDocumentInput = z.input<typeof printDocumentInput>;

export const printResult = z.strictObject({
  recordId: z.string(),
  copy: z.number().int().min(1),
  /** station: main printed it (the desktop app); renderer: the page prints itself (the browser shell's print). */
  handledBy: z.enum(['station', 'renderer']),
  /** Where the desktop app saved the PDF, or null. */
  savedTo: z.string().nullable(),
  /** The desktop app's printer did not finish (cancelled in the dialog, out of paper…); the copy is recorded anyway. */
  problem: z.string().nullable(),
  /** The content this copy printed (the ticket's), drawn as it is; and the hash the record keeps of it. */
  content: documentContent,
  contentHash: z.string(),
});
export type PrintResult = z.infer<typeof printResult>;

/** One print or reprint as the audit log keeps it. */
export const printRecord = z.strictObject({
  id: z.string(),
  kind: printedKind,
  orderId: z.string().nullable(),
  prescriptionId: z.string().nullable(),
  lotId: z.string().nullable(),
  userId: z.string().nullable(),
  copy: z.number().int(),
  output: printOutput,
  grounds: printGrounds,
  reprintReason: reprintReason.nullable(),
  reprintNote: z.string().nullable(),
  /** The pharmacist who allowed an unverified label, and why. */
  overrideBy: auditUser.nullable(),
  overrideNote: z.string().nullable(),
  printer: z.string().nullable(),
  /** SHA-256 (hex) of the canonical text of the content this copy printed; null on records made before it was kept. */
  contentHash: z.string().nullable(),
  /** A prescription label's lot numbers, as its verification counted them; null for other documents and older copies. */
  lots: z.array(z.string()).nullable(),
  /** A prescription label printed before the pharmacist's final check, with its band (not final). */
  awaitingFinalCheck: z.boolean(),
  user: auditUser,
  recordedAt: z.string(),
});
export type PrintRecord = z.infer<typeof printRecord>;

export const printHistoryInput = z.strictObject({ document: documentRef });
