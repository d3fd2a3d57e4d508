// A second person at the station: a pharmacist confirms with their own password (checked by main against the service
// without touching the signed-in session), and the sign-offs a verification carries.
import { z } from 'zod';
import { recordId } from '../audit-terms.ts';
import { auditUser } from './audit-shapes.ts';

/** What a confirmation is for: bound when it is given, checked when it is used (another purpose or subject refuses). */
export const confirmationPurpose = z.discriminatedUnion('kind', [
  /** A hard stop in a verification run of this order. */
  z.strictObject({ kind: z.literal('clear_stop'), orderId: recordId }),
  /** The pharmacist's count of a controlled line of this order. */
  z.strictObject({ kind: z.literal('controlled_count'), orderId: recordId }),
  /** The person who picked this order verifies it, with a pharmacist's say. */
  z.strictObject({ kind: z.literal('picker_override'), orderId: recordId }),
  /** Printing this document without verification (contract/documents.ts documentKeyOf). */
  z.strictObject({ kind: z.literal('print_override'), documentKey: z.string().min(1).max(300) }),
  /** An admin's re-verify signed by a pharmacist. */
  z.strictObject({ kind: z.literal('re_verify'), orderId: recordId }),
  /** A controlled lot's quantity changed outside a fill, witnessed by a pharmacist. */
  z.strictObject({ kind: z.literal('stock_witness'), lotId: recordId }),
]);
export type ConfirmationPurpose = z.infer<typeof confirmationPurpose>;

/** Whether two purposes are the same purpose for the same subject. */
export function samePurpose(a: ConfirmationPurpose, b: ConfirmationPurpose): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

/** A pharmacist's badge (`USER-<id>`) or email, then their password, for one purpose. Main checks it; no token comes back. */
export const confirmPharmacistInput = z.strictObject({
  who: z.string().trim().min(1, 'scan the badge or type the email').max(254),
  password: z.string().min(1, 'the pharmacist types their password').max(1024),
  purpose: confirmationPurpose,
});
export type ConfirmPharmacistInput = z.input<typeof confirmPharmacistInput>;

/** A confirmation main holds for a few minutes; the record that uses it names the pharmacist (once). */
export const pharmacistConfirmation = z.strictObject({
  confirmationId: z.string(),
  pharmacist: auditUser,
  expiresAt: z.string(),
});
export type PharmacistConfirmation = z.infer<typeof pharmacistConfirmation>;

/**
 * controlled_count: a pharmacist confirmed the count of a controlled line; picker_override: a pharmacist let the
 * person who picked the order verify it; reverify: an admin verifies an order already past verification;
 * final_check: a pharmacist verified it (their verification is the final check where tech-check-tech is not allowed).
 */
export const signOffPurpose = z.enum(['controlled_count', 'picker_override', 'reverify', 'final_check']);
export type SignOffPurpose = z.infer<typeof signOffPurpose>;

export const signOffInput = z
  .strictObject({
    purpose: signOffPurpose,
    /** The line it is about (controlled_count), else null. */
    productId: recordId.nullable(),
    note: z.string().trim().min(3, 'say why in a few words').max(500),
    /** The pharmacist's confirmation (controlled_count, picker_override); null for an admin's own re-verify. */
    confirmationId: recordId.nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.purpose !== 'reverify' && input.purpose !== 'final_check' && input.confirmationId === null) {
      ctx.addIssue({ code: 'custom', path: ['confirmationId'], message: 'a pharmacist confirms this at the station' });
    }
    if (input.purpose === 'controlled_count' && input.productId === null) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'a controlled count names its line' });
    }
  });
export type SignOffInput = z.input<typeof signOffInput>;

/** A sign-off as main kept it: who, from the confirmation or the session, never from the renderer. */
export const signOff = z.strictObject({
  purpose: signOffPurpose,
  productId: z.string().nullable(),
  note: z.string(),
  by: auditUser,
});
export type SignOff = z.infer<typeof signOff>;
