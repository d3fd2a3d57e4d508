// A prescriber's change or cancellation of a prescription, played by a trainer (training service only, never the real
// service, whose documented API has no such operation): the fields a prescriber changes, and the reason of a cancel.
import { z } from 'zod';
import { uuid } from './common.ts';
import { defineOperation } from './operation.ts';
import { prescriptionItem } from './prescriptions.ts';

/** The most a changed quantity may say (units of the prescription), and the longest days supply and refills. */
export const CHANGED_QUANTITY_MAX = 100_000;
export const CHANGED_DAYS_SUPPLY_MAX = 365;
export const CHANGED_REFILLS_MAX = 99;

/** Words a prescriber writes: trimmed, never empty, with no control or direction-override characters. */
const writtenText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are exactly these
    .regex(/^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/, 'plain text, with no control characters');

/**
 * Decision: what a prescriber changes on a prescription. At least one field; a new product brings its strength and
 * product code with it (the drug's name as written stays, as on a real change of strength).
 */
export const prescriptionChangeBody = z
  .strictObject({
    quantity: z.number().positive().max(CHANGED_QUANTITY_MAX).optional(),
    days_supply: z.number().int().min(1).max(CHANGED_DAYS_SUPPLY_MAX).optional(),
    directions: writtenText(1000).optional(),
    sig: writtenText(1000).optional(),
    refills: z.number().int().min(0).max(CHANGED_REFILLS_MAX).optional(),
    fills_remaining: z
      .number()
      .int()
      .min(0)
      .max(CHANGED_REFILLS_MAX + 1)
      .optional(),
    prescription_product_id: uuid.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Name at least one field to change: quantity, days_supply, directions, sig, refills, fills_remaining or prescription_product_id.',
  });
export type PrescriptionChangeBody = z.input<typeof prescriptionChangeBody>;

/** Decision: a cancellation may say why (kept on the prescription as `cancellation_reason`); no body is no reason. */
export const prescriptionCancelBody = z.strictObject({ reason: writtenText(500).optional() }).optional();
export type PrescriptionCancelBody = z.input<typeof prescriptionCancelBody>;

const prescriptionParams = z.strictObject({ prescription_id: uuid });

export const prescriptionChangeOperations = {
  changePrescription: defineOperation({
    name: 'training.changePrescription',
    method: 'PUT',
    path: '/api/v1/training/prescriptions/{prescription_id}',
    params: prescriptionParams,
    body: prescriptionChangeBody,
    response: prescriptionItem,
    source: 'training',
    summary: 'Change a prescription as its prescriber would (quantity, days supply, directions, refills, product)',
  }),
  cancelPrescription: defineOperation({
    name: 'training.cancelPrescription',
    method: 'POST',
    path: '/api/v1/training/prescriptions/{prescription_id}/cancel',
    params: prescriptionParams,
    body: prescriptionCancelBody,
    response: prescriptionItem,
    source: 'training',
    summary: 'Cancel a prescription as its prescriber would; prescription.cancelled goes out',
  }),
};
