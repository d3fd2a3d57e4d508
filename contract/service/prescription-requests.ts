// Request bodies of the prescription operations: electronic prescriptions and the composite creation.
import { z } from 'zod';
import { requestDate, requestTimestamp, uuid } from './common.ts';
import { orderCreateFields } from './order-requests.ts';
import { patientRefOrNew } from './patient-schemas.ts';
import { npiNumber, prescriberCreateBody } from './prescribers.ts';
import { namesAField } from './shared-fields.ts';

const shortText = z.string().trim().min(1).max(200);

/**
 * One medication of an electronic prescription. Decision: drug_name, quantity and directions (or sig) are required:
 * without them nothing can be filled or labelled.
 */
export const medicationBody = z
  .strictObject({
    drug_name: shortText,
    name: shortText.optional(),
    description: z.string().max(5000).optional(),
    directions: z.string().trim().min(1).max(5000).optional(),
    sig: z.string().trim().min(1).max(5000).optional(),
    strength: z.string().trim().min(1).max(100).optional(),
    quantity: z.number().positive().max(100_000),
    units: z.string().trim().min(1).max(50).optional(),
    refills: z.number().int().min(0).max(99).optional(),
    days_supply: z.number().int().min(1).max(366).optional(),
    substitution_allowed: z.boolean().optional(),
    product_code: z.string().trim().min(1).max(50).optional(),
    product_code_type: z.string().trim().min(1).max(20).optional(),
    prescription_product_id: uuid.optional(),
    serial_number: z.string().trim().min(1).max(100).optional(),
    notes: z.string().max(5000).optional(),
    written_at: z.union([requestTimestamp, requestDate]).optional(),
    expires_at: z.union([requestTimestamp, requestDate]).optional(),
  })
  .refine((m) => m.directions !== undefined || m.sig !== undefined, {
    message: 'a medication needs directions or a sig',
    path: ['directions'],
  });
export type MedicationBody = z.input<typeof medicationBody>;

/** An existing prescriber named by id or by NPI, instead of new data. */
export const prescriberReference = z.union([z.strictObject({ id: uuid }), z.strictObject({ npi: npiNumber })]);

/** The `prescriber` of an electronic prescription or composite creation: a reference or a new prescriber. */
export const prescriberRefOrNew = z.union([prescriberReference, prescriberCreateBody]);
export type PrescriberRefOrNew = z.input<typeof prescriberRefOrNew>;

/** An existing order named by id, or the fields of a new one. */
export const orderRefOrNew = z.union([z.strictObject({ id: uuid }), orderCreateFields]);

const electronicPrescriptionFields = {
  medications: z.array(medicationBody).min(1).max(50).optional(),
  medication: medicationBody.optional(),
  source: shortText.optional(),
  type: shortText.optional(),
  reference_number: z.string().trim().min(1).max(100).optional(),
};

type MedicationsOrOne = { medications?: unknown; medication?: unknown };
const oneWayOfGivingMedications = (e: MedicationsOrOne) =>
  (e.medications === undefined) !== (e.medication === undefined);
const medicationsRule = { message: 'give medications or medication, not both', path: ['medications'] };

/**
 * Creating an electronic prescription. Decision: patient and prescriber are required, as on paper; order is optional.
 */
export const electronicPrescriptionCreateBody = z
  .strictObject({
    ...electronicPrescriptionFields,
    patient: patientRefOrNew,
    prescriber: prescriberRefOrNew,
    order: orderRefOrNew.optional(),
  })
  .refine(oneWayOfGivingMedications, medicationsRule);
export type ElectronicPrescriptionCreateBody = z.input<typeof electronicPrescriptionCreateBody>;

/** The `electronic_prescription` of a composite creation: its patient, prescriber and order are the composite's. */
export const compositeElectronicPrescriptionBody = z
  .strictObject(electronicPrescriptionFields)
  .refine(oneWayOfGivingMedications, medicationsRule);

/**
 * The composite creation: every key optional (spec), so a standalone order or electronic prescription can be made.
 * Decision: an empty body is refused, since it would create nothing.
 */
export const compositeBody = z
  .strictObject({
    electronic_prescription: compositeElectronicPrescriptionBody.optional(),
    order: orderCreateFields.optional(),
    patient: patientRefOrNew.optional(),
    prescriber: prescriberRefOrNew.optional(),
  })
  .refine(namesAField, 'a composite creation names at least one entity');
export type CompositeBody = z.input<typeof compositeBody>;
