// The patient record and its create/update bodies, apart from the operations so orders can embed a patient without a cycle.
import { z } from 'zod';
import { date, maybe, recordStamps, requestDate, stateCode, uuid } from './common.ts';
import { phoneDigits } from './prescribers.ts';
import {
  address,
  addressBody,
  driverLicense,
  emailAndPhone,
  externalId,
  namesAField,
  personNameFields,
} from './shared-fields.ts';

// ---- Response (loose) ----

/** A minor's guardian, as the patient record carries them. */
const guardian = {
  guardian_name: maybe(z.string()),
  guardian_phone: maybe(z.string()),
  guardian_email: maybe(z.string()),
  guardian_relationship: maybe(z.string()),
};

/** Whether the patient agreed to be told of their orders by text message and by email. */
const notificationConsent = { receive_sms: maybe(z.boolean()), receive_email: maybe(z.boolean()) };

export const patient = z.looseObject({
  ...recordStamps,
  ...personNameFields,
  gender: maybe(z.string()),
  ...emailAndPhone,
  date_of_birth: maybe(date),
  address: maybe(address),
  ...driverLicense,
  ssn: maybe(z.string()),
  primary_language: maybe(z.string()),
  ...guardian,
  height_inches: maybe(z.number()),
  weight_pounds: maybe(z.number()),
  external_id: maybe(z.string()),
  is_smoker: maybe(z.boolean()),
  is_diabetic: maybe(z.boolean()),
  is_pregnant: maybe(z.boolean()),
  ...notificationConsent,
  is_minor: maybe(z.boolean()),
});
export type Patient = z.infer<typeof patient>;

// ---- Requests (strict) ----

/** Patient genders the service knows (service-facts.md). Responses keep `gender` as any string. */
export const patientGenders = ['male', 'female'] as const;

const personName = z.string().trim().min(1).max(200);

/** A date of birth: a real day, not in the future, not before 1900. */
export const dateOfBirth = requestDate.refine(
  (day) => day >= '1900-01-01' && Date.parse(day) <= Date.now() + 86_400_000,
  'a date of birth is not in the future and not before 1900',
);

/** Freeform risk factor text given when a patient is created; parsed asynchronously by the service. */
export const riskFactorText = z.strictObject({
  allergies: z.string().trim().min(1).max(5000).optional(),
  conditions: z.string().trim().min(1).max(5000).optional(),
  medications: z.string().trim().min(1).max(5000).optional(),
});

const patientFields = {
  first_name: personName,
  middle_name: z.string().trim().max(200).optional(),
  last_name: personName,
  gender: z.enum(patientGenders).optional(),
  email: z.email().max(254).optional(),
  phone: phoneDigits.optional(),
  date_of_birth: dateOfBirth,
  address: addressBody.optional(),
  driver_license_number: z.string().trim().min(1).max(50).optional(),
  driver_license_state: stateCode.optional(),
  // Decision: nine digits, dashes allowed; nothing shorter is an SSN.
  ssn: z
    .string()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, 'an SSN is 9 digits')
    .optional(),
  primary_language: z.string().trim().min(1).max(50).optional(),
  guardian_name: personName.optional(),
  guardian_phone: phoneDigits.optional(),
  guardian_email: z.email().max(254).optional(),
  guardian_relationship: z.string().trim().min(1).max(50).optional(),
  height_inches: z.number().int().min(1).max(120).optional(),
  weight_pounds: z.number().int().min(1).max(1500).optional(),
  external_id: externalId.optional(),
  is_smoker: z.boolean().optional(),
  is_diabetic: z.boolean().optional(),
  is_pregnant: z.boolean().optional(),
  receive_sms: z.boolean().optional(),
  receive_email: z.boolean().optional(),
};

/**
 * Creating a patient (also the `patient` of an order or composite creation with new data).
 * Decision: first_name, last_name and date_of_birth are required: with fewer a pharmacist cannot tell two patients
 * apart, and the service's duplicate check has nothing to match on.
 */
export const patientCreateBody = z.strictObject({ ...patientFields, risk_factors: riskFactorText.optional() });
export type PatientCreateBody = z.input<typeof patientCreateBody>;

/** Updating a patient: any patient field, at least one. Risk factors have their own operations. */
export const patientUpdateBody = z
  .strictObject(patientFields)
  .partial()
  .refine(namesAField, 'an update names at least one field');
export type PatientUpdateBody = z.input<typeof patientUpdateBody>;

/** An existing patient named by id or by the client's external id, instead of new data. */
export const patientReference = z.union([z.strictObject({ id: uuid }), z.strictObject({ external_id: externalId })]);

/** The `patient` of an order or composite creation: a reference to an existing patient, or a new one. */
export const patientRefOrNew = z.union([patientReference, patientCreateBody]);
export type PatientRefOrNew = z.input<typeof patientRefOrNew>;
