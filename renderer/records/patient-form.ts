// The patient form as typed (all text and ticks) and the create or update body it becomes, checked by the contract.

import {
  type Patient,
  type PatientCreateBody,
  type PatientUpdateBody,
  patientCreateBody,
  patientUpdateBody,
} from '../../contract/service/patients.ts';
import { phoneDigitsOf } from '../format/record-values.ts';
import type { Built, BuiltChange } from '../forms/built.ts';
import { errorsFromIssues, type FieldErrors } from '../forms/field-errors.ts';

export const textFields = [
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'gender',
  'email',
  'phone',
  'external_id',
  'primary_language',
  'ssn',
  'driver_license_number',
  'driver_license_state',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip_code',
  'guardian_name',
  'guardian_phone',
  'guardian_email',
  'guardian_relationship',
  'height_inches',
  'weight_pounds',
  'allergies',
  'conditions',
  'medications',
] as const;
export const tickFields = ['is_smoker', 'is_diabetic', 'is_pregnant', 'receive_sms', 'receive_email'] as const;

export type TextField = (typeof textFields)[number];
export type TickField = (typeof tickFields)[number];
export type PatientFormValues = Record<TextField, string> & Record<TickField, boolean>;

/** Where a form field sits in the request body, for the service's field paths (`address.city`). */
export const bodyPathOf: Partial<Record<TextField, string>> = {
  address_1: 'address.address_1',
  address_2: 'address.address_2',
  city: 'address.city',
  state: 'address.state',
  zip_code: 'address.zip_code',
  allergies: 'risk_factors.allergies',
  conditions: 'risk_factors.conditions',
  medications: 'risk_factors.medications',
};

const addressFields = ['address_1', 'address_2', 'city', 'state', 'zip_code'] as const;
const numberFields = ['height_inches', 'weight_pounds'] as const;
const phoneFields = ['phone', 'guardian_phone'] as const;
const riskTextFields = ['allergies', 'conditions', 'medications'] as const;
const consentFields = ['receive_sms', 'receive_email'] as const;

/** Body paths back to form fields: `address.city` → `city`. */
export function formFieldOf(path: string): string {
  const entry = Object.entries(bodyPathOf).find(([, bodyPath]) => bodyPath === path);
  return entry ? entry[0] : path;
}

/** Every field key the form shows an error next to. */
export const patientFormKeys: readonly string[] = [...textFields, ...tickFields];

export function emptyPatientForm(): PatientFormValues {
  const values = {} as PatientFormValues;
  for (const field of textFields) values[field] = '';
  for (const field of tickFields) values[field] = false;
  return values;
}

/** The form filled from a stored patient, for editing. */
export function formFromPatient(patient: Patient): PatientFormValues {
  const values = emptyPatientForm();
  for (const field of textFields) {
    const value = (patient as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') values[field] = String(value);
  }
  for (const field of addressFields) values[field] = patient.address?.[field] ?? '';
  for (const field of tickFields) values[field] = patient[field] === true;
  return values;
}

/** A field's value as the body wants it: trimmed, phone digits, whole numbers; undefined when blank. */
function bodyValue(field: TextField, text: string): string | number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if ((phoneFields as readonly string[]).includes(field)) return phoneDigitsOf(trimmed);
  if ((numberFields as readonly string[]).includes(field)) return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (field === 'state' || field === 'driver_license_state') return trimmed.toUpperCase();
  return trimmed;
}

function numberErrors(values: PatientFormValues, fields: readonly TextField[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of numberFields) {
    if (fields.includes(field) && Number.isNaN(bodyValue(field, values[field]))) errors[field] = 'A whole number.';
  }
  return errors;
}

function addressOf(values: PatientFormValues): Record<string, string> | undefined {
  if (addressFields.every((field) => values[field].trim() === '')) return undefined;
  const address: Record<string, string> = {};
  // A missing street, city, state or ZIP is left out, and the contract names each one as required.
  for (const field of addressFields) {
    const value = bodyValue(field, values[field]);
    if (typeof value === 'string') address[field] = value;
  }
  return address;
}

/** Issues keyed by body path become errors keyed by form field. */
function toFormErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = formFieldOf(path);
    if (out[key] === undefined) out[key] = message;
  }
  return out;
}

/** The create body, or the errors to show; nothing is sent unless the contract accepts it. */
export function buildCreateBody(values: PatientFormValues): Built<PatientCreateBody> {
  const raw: Record<string, unknown> = {};
  const plain = textFields.filter(
    (field) =>
      !(addressFields as readonly string[]).includes(field) && !(riskTextFields as readonly string[]).includes(field),
  );
  for (const field of plain) {
    const value = bodyValue(field, values[field]);
    if (value !== undefined) raw[field] = value;
  }
  // Consent is a yes or a no; an unticked health flag may just be unknown, so only a tick is sent.
  for (const field of tickFields) if (values[field]) raw[field] = true;
  for (const field of consentFields) raw[field] = values[field];
  const address = addressOf(values);
  if (address) raw.address = address;
  const riskText: Record<string, string> = {};
  for (const field of riskTextFields) {
    const value = values[field].trim();
    if (value) riskText[field] = value;
  }
  if (Object.keys(riskText).length > 0) raw.risk_factors = riskText;
  const numbers = numberErrors(values, textFields);
  const parsed = patientCreateBody.safeParse(raw);
  const errors = { ...(parsed.success ? {} : toFormErrors(errorsFromIssues(parsed.error.issues))), ...numbers };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** Fields a person may leave empty on an edit (the contract accepts an empty value for them). */
const clearable: readonly TextField[] = ['middle_name', 'address_2'];

/**
 * The update body with only what changed, or the errors to show. The service cannot empty a field (there is no null
 * in an update), so emptying one that had a value is refused here rather than silently kept.
 */
export function buildUpdateBody(
  original: PatientFormValues,
  values: PatientFormValues,
): BuiltChange<PatientUpdateBody> {
  const raw: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const changed = (field: TextField) => original[field].trim() !== values[field].trim();
  const plain = textFields.filter(
    (field) =>
      !(addressFields as readonly string[]).includes(field) && !(riskTextFields as readonly string[]).includes(field),
  );
  for (const field of plain) {
    if (!changed(field)) continue;
    const value = bodyValue(field, values[field]);
    if (value === undefined && !clearable.includes(field)) {
      errors[field] = 'The service cannot empty this field: type a new value, or put the old one back.';
    } else {
      raw[field] = value ?? '';
    }
  }
  for (const field of tickFields) if (original[field] !== values[field]) raw[field] = values[field];
  if (addressFields.some(changed)) {
    const address = addressOf(values);
    if (address) raw.address = address;
    else errors.address_1 = 'The service cannot remove an address: correct it instead.';
  }
  Object.assign(errors, numberErrors(values, plain.filter(changed)));
  if (Object.keys(raw).length === 0 && Object.keys(errors).length === 0) return { ok: 'unchanged' };
  const parsed = patientUpdateBody.safeParse(raw);
  if (!parsed.success) Object.assign(errors, { ...toFormErrors(errorsFromIssues(parsed.error.issues)), ...errors });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
