// The license form (add one, or update one) as typed, and the body it becomes, checked by the contract first.

import {
  type Qualification,
  type QualificationBody,
  qualificationBody,
  qualificationUpdateBody,
} from '../../../contract/service/prescribers.ts';
import { dayPart } from '../../format/record-values.ts';
import type { Built, BuiltChange } from '../../forms/built.ts';
import { errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';

export interface LicenseFormValues {
  state: string;
  license_number: string;
  expiration_date: string;
  description: string;
}

export const licenseFormKeys = ['state', 'license_number', 'expiration_date', 'description'] as const;

export function emptyLicenseForm(state = ''): LicenseFormValues {
  return { state, license_number: '', expiration_date: '', description: '' };
}

export function licenseFormOf(qualification: Qualification): LicenseFormValues {
  return {
    state: (qualification.state ?? '').toUpperCase(),
    license_number: qualification.license_number ?? '',
    expiration_date: dayPart(qualification.expiration_date) ?? '',
    description: qualification.description ?? '',
  };
}

function raw(values: LicenseFormValues, keys: readonly (keyof LicenseFormValues)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = key === 'state' ? values[key].trim().toUpperCase() : values[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/** A new license: state, number and expiry are required by the contract (a pharmacist must see it is current). */
export function buildLicenseBody(values: LicenseFormValues): Built<QualificationBody> {
  const parsed = qualificationBody.safeParse(raw(values, licenseFormKeys));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsFromIssues(parsed.error.issues) };
}

/** Only what changed on an existing license; a new number makes the service replace it with a new license. */
export function buildLicenseUpdate(
  original: LicenseFormValues,
  values: LicenseFormValues,
): BuiltChange<Partial<QualificationBody>> {
  const changed = licenseFormKeys.filter((key) => original[key].trim() !== values[key].trim());
  if (changed.length === 0) return { ok: 'unchanged' };
  const errors: FieldErrors = {};
  for (const key of changed) {
    if (values[key].trim() === '' && key !== 'description') errors[key] = 'Required.';
  }
  const body = raw(values, changed);
  if (changed.includes('description') && values.description.trim() === '') body.description = '';
  const parsed = qualificationUpdateBody.safeParse(body);
  if (!parsed.success) Object.assign(errors, { ...errorsFromIssues(parsed.error.issues), ...errors });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
