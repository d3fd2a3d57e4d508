// What a document says, once decided: plain strings and lists, drawn by the renderer as they are, hashed by main in
// the print record. Nothing here is computed again after main built it.
import { z } from 'zod';
import { labelStock } from './documents.ts';

const pharmacy = z.strictObject({ name: z.string(), address: z.string(), phone: z.string() });

export const labelContent = z.strictObject({
  kind: z.literal('prescription_label'),
  stock: labelStock,
  pharmacy,
  rxNumber: z.string(),
  filledOn: z.string(),
  patient: z.string(),
  drug: z.string(),
  quantity: z.string(),
  directions: z.string(),
  prescriber: z.string(),
  refills: z.string(),
  discardAfter: z.string(),
  warnings: z.array(z.string()),
  /** The prescription's live service barcode; empty in the preview of a refused label (drawn as "no barcode"). */
  barcode: z.string(),
  /** The product's dosage form ("tablet"); null when the service gives none. */
  dosageForm: z.string().nullable(),
  /** The product's NDC as the service holds it. */
  ndc: z.string().nullable(),
  /** The manufacturer of the lot counted into the vial, when one was read. */
  manufacturer: z.string().nullable(),
  /** What the medication looks like, when the product says more than its name. */
  description: z.string().nullable(),
  /** The initials of the pharmacist whose review said "OK to fill". */
  pharmacistInitials: z.string().nullable(),
  /**
   * Across a label printed before the pharmacist's final check: "AWAITING PHARMACIST FINAL CHECK" (rules/documents/
   * label.ts); absent on a final label.
   */
  band: z.string().optional(),
});
export type LabelContent = z.infer<typeof labelContent>;

export const slipContent = z.strictObject({
  kind: z.literal('packing_slip'),
  pharmacy: z.strictObject({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  orderNumber: z.string(),
  shipTo: z.array(z.string()),
  lines: z.array(
    z.strictObject({ id: z.string(), name: z.string(), sku: z.string(), quantity: z.number(), lots: z.string() }),
  ),
  verified: z.string(),
});
export type SlipContent = z.infer<typeof slipContent>;

export const lotContent = z.strictObject({
  kind: z.literal('lot_label'),
  product: z.string(),
  lotNumber: z.string(),
  expires: z.string(),
  quantity: z.string(),
  manufacturer: z.string(),
  barcode: z.string(),
});
export type LotContent = z.infer<typeof lotContent>;

export const badgeContent = z.strictObject({
  kind: z.literal('staff_badge'),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  barcode: z.string(),
});
export type BadgeContent = z.infer<typeof badgeContent>;

/** A drill's practice bin sheet: what the trainee is handed, one code per item, the wrong one included (no answers). */
export const binContent = z.strictObject({
  kind: z.literal('practice_bin'),
  drill: z.string(),
  trainee: z.string(),
  orderNumber: z.string(),
  setUp: z.string(),
  items: z.array(z.strictObject({ name: z.string(), count: z.string(), code: z.string() })),
});
export type BinContent = z.infer<typeof binContent>;

/** A trainee's competency record: each drill they did, when, its result, and the trainer who prepared the record. */
export const competencyContent = z.strictObject({
  kind: z.literal('competency_record'),
  trainee: z.string(),
  trainer: z.string(),
  prepared: z.string(),
  summary: z.string(),
  drills: z.array(
    z.strictObject({
      drill: z.string(),
      role: z.string(),
      setUpBy: z.string(),
      started: z.string(),
      finished: z.string(),
      result: z.string(),
      outcome: z.string(),
      time: z.string(),
    }),
  ),
});
export type CompetencyContent = z.infer<typeof competencyContent>;

export const documentContent = z.discriminatedUnion('kind', [
  labelContent,
  slipContent,
  lotContent,
  badgeContent,
  binContent,
  competencyContent,
]);
export type DocumentContent = z.infer<typeof documentContent>;

/** JSON with every object's keys in order: the same content always gives the same text (and so the same hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
