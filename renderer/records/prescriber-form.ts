// The new-prescriber form as typed and the create body it becomes: contract first, then the NPI and DEA check digits.
import { type PrescriberCreateBody, prescriberCreateBody } from '../../contract/service/prescribers.ts';
import { phoneDigitsOf } from '../format/record-values.ts';
import { errorsFromIssues, type FieldErrors } from '../forms/field-errors.ts';
import { deaCheckDigitOk, npiCheckDigitOk } from './identifiers.ts';

/** The form's fields in three parts: the person, the practice address, and one license (form key → body key). */
const personKeys = [
  'first_name',
  'middle_name',
  'last_name',
  'npi',
  'dea',
  'email',
  'phone',
  'gender',
  'date_of_birth',
] as const;
const addressKeys = ['address_1', 'address_2', 'city', 'state', 'zip_code'] as const;
const licenseKeys = {
  license_state: 'state',
  license_number: 'license_number',
  license_expiration: 'expiration_date',
  license_description: 'description',
} as const;
const licenseFormKeys = Object.keys(licenseKeys) as (keyof typeof licenseKeys)[];

export const prescriberFormKeys = [...personKeys, ...addressKeys, ...licenseFormKeys];

export type PrescriberFormValues = Record<(typeof prescriberFormKeys)[number], string>;

export function emptyPrescriberForm(): PrescriberFormValues {
  return Object.fromEntries(prescriberFormKeys.map((key) => [key, ''])) as PrescriberFormValues;
}

/** Body paths back to form fields: `addresses.0.city` → `city`, `qualifications.0.state` → `license_state`. */
export function formFieldOf(path: string): string {
  const address = /^addresses\.\d+\.(\w+)$/.exec(path);
  if (address) return address[1] as string;
  const license = /^qualifications\.\d+\.(\w+)$/.exec(path);
  if (license) {
    const entry = Object.entries(licenseKeys).find(([, bodyKey]) => bodyKey === license[1]);
    return entry ? entry[0] : path;
  }
  return path;
}

function value(key: string, text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (key === 'phone') return phoneDigitsOf(trimmed);
  if (key === 'npi') return trimmed.replace(/[\s-]/g, '');
  if (key === 'dea' || key === 'state' || key === 'license_state') return trimmed.toUpperCase();
  return trimmed;
}

function section(values: PrescriberFormValues, keys: readonly string[], rename: (key: string) => string) {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = value(key, values[key as keyof PrescriberFormValues]);
    if (v !== undefined) out[rename(key)] = v;
  }
  return out;
}

/** The create body, or the errors to show next to each field. */
export function buildPrescriberBody(
  values: PrescriberFormValues,
): { ok: true; body: PrescriberCreateBody } | { ok: false; errors: FieldErrors } {
  const raw: Record<string, unknown> = section(values, personKeys, (key) => key);
  const address = section(values, addressKeys, (key) => key);
  if (Object.keys(address).length > 0) raw.addresses = [{ ...address, type: 'practice' }];
  const license = section(values, licenseFormKeys, (key) => licenseKeys[key as keyof typeof licenseKeys]);
  if (Object.keys(license).length > 0) raw.qualifications = [license];

  const errors: FieldErrors = {};
  const parsed = prescriberCreateBody.safeParse(raw);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(errorsFromIssues(parsed.error.issues))) {
      errors[formFieldOf(path)] ??= message;
    }
  }
  const npi = raw.npi;
  if (typeof npi === 'string' && errors.npi === undefined && !npiCheckDigitOk(npi)) {
    errors.npi = 'This NPI fails its check digit: look for a mistyped digit.';
  }
  const dea = raw.dea;
  if (typeof dea === 'string' && errors.dea === undefined && !deaCheckDigitOk(dea)) {
    errors.dea = 'This DEA number fails its checksum: look for a mistyped digit.';
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
