// The prescriber checks: a license valid where the order ships, the DEA number for controlled substances, restrictions.
import type { Prescriber, Qualification } from '../../contract/service/prescribers.ts';
import { LICENSE_EXPIRES_SOON_DAYS } from '../days.ts';
import {
  type Check,
  type CheckInput,
  type Day,
  dayOf,
  daysBetween,
  drugLabel,
  formatDay,
  relativeDays,
} from './check-model.ts';

export function prescriberName(prescriber: Prescriber): string {
  const name = [prescriber.first_name, prescriber.middle_name, prescriber.last_name].filter(Boolean).join(' ');
  return name || (prescriber.npi ? `NPI ${prescriber.npi}` : 'The prescriber');
}

type LicenseState = 'valid' | 'expiring' | 'undated' | 'expired' | 'inactive';

function licenseState(license: Qualification, today: Day): LicenseState {
  if (license.is_active === false) return 'inactive';
  const expiry = dayOf(license.expiration_date);
  if (!expiry) return 'undated';
  const left = daysBetween(today, expiry);
  if (left < 0) return 'expired';
  return left <= LICENSE_EXPIRES_SOON_DAYS ? 'expiring' : 'valid';
}

const preference: LicenseState[] = ['valid', 'expiring', 'undated', 'expired', 'inactive'];

/** A license for the state the medication ships to, active and unexpired on `today`. */
export function licenseCheck(input: CheckInput): Check {
  const where = input.shippingState;
  const title = where ? `Prescriber licensed in ${where.state}` : 'Prescriber licensed where the order ships';
  const prescriber = input.prescriber;
  if (!prescriber) return { id: 'license', title, status: 'fail', reason: 'No prescriber on this prescription.' };
  const who = prescriberName(prescriber);
  if (prescriber.is_active === false) {
    return { id: 'license', title, status: 'fail', reason: `${who}'s prescriber record is inactive.` };
  }
  if (!where) {
    return {
      id: 'license',
      title,
      status: 'warn',
      reason: 'Neither the order nor the patient has a shipping state, so no license can be matched to it.',
    };
  }
  const licenses = prescriber.qualifications ?? [];
  const state = where.state.trim().toUpperCase();
  const forState = licenses.filter((license) => license.state?.trim().toUpperCase() === state);
  const place = where.from === 'order' ? `the order ships to ${state}` : `the patient lives in ${state}`;
  if (forState.length === 0) {
    const held = [...new Set(licenses.map((l) => l.state?.toUpperCase()).filter(Boolean))].sort();
    const elsewhere = held.length ? ` (licensed in ${held.join(', ')})` : ' (no licenses on file)';
    return {
      id: 'license',
      title,
      status: 'fail',
      reason: `${who} has no ${state} license${elsewhere}, and ${place}.`,
    };
  }
  const ranked = forState
    .map((license) => ({ license, state: licenseState(license, input.today) }))
    .sort((a, b) => preference.indexOf(a.state) - preference.indexOf(b.state));
  const best = ranked[0] as { license: Qualification; state: LicenseState };
  const number = best.license.license_number ? ` ${best.license.license_number}` : '';
  const expiry = dayOf(best.license.expiration_date);
  const until = expiry ? formatDay(expiry) : null;
  switch (best.state) {
    case 'valid':
      return { id: 'license', title, status: 'pass', reason: `${state} license${number} is active until ${until}.` };
    case 'expiring':
      return {
        id: 'license',
        title,
        status: 'warn',
        reason: `${state} license${number} expires ${relativeDays(expiry as Day, input.today)} (${until}).`,
      };
    case 'undated':
      return { id: 'license', title, status: 'warn', reason: `${state} license${number} has no expiry date on file.` };
    case 'expired':
      return { id: 'license', title, status: 'fail', reason: `${state} license${number} expired on ${until}.` };
    case 'inactive':
      return { id: 'license', title, status: 'fail', reason: `${state} license${number} is marked inactive.` };
  }
}

/** A DEA number present and checksum-valid when the drug is a controlled substance. */
export function deaCheck(input: CheckInput): Check {
  const title = 'DEA number valid for controlled substances';
  const drug = drugLabel(input.prescription, input.product);
  const controlled = input.product?.is_controlled_substance ?? null;
  const prescriber = input.prescriber;
  if (!prescriber) {
    return {
      id: 'dea',
      title,
      status: controlled === true ? 'fail' : 'warn',
      reason: 'No prescriber on this prescription, so there is no DEA number to check.',
    };
  }
  const verdict = checkDea(prescriber.dea);
  if (controlled === true) {
    if (!verdict.valid) {
      return { id: 'dea', title, status: 'fail', reason: `${drug} is a controlled substance. ${verdict.message}` };
    }
    if (deaMatchesLastName(verdict.dea, prescriber.last_name) === false) {
      return {
        id: 'dea',
        title,
        status: 'warn',
        reason: `${drug} is a controlled substance. DEA number ${verdict.dea} is valid, but its second letter is not the initial of ${prescriberName(prescriber)}'s last name.`,
      };
    }
    return {
      id: 'dea',
      title,
      status: 'pass',
      reason: `${drug} is a controlled substance; DEA number ${verdict.dea} is well formed and its check digit is right.`,
    };
  }
  if (controlled === false) {
    if (verdict.valid) {
      return {
        id: 'dea',
        title,
        status: 'pass',
        reason: `Not a controlled substance; the DEA number on file (${verdict.dea}) is valid.`,
      };
    }
    if (verdict.problem === 'missing') {
      return { id: 'dea', title, status: 'pass', reason: 'Not a controlled substance, so no DEA number is needed.' };
    }
    return { id: 'dea', title, status: 'warn', reason: `Not a controlled substance, but: ${verdict.message}` };
  }
  if (verdict.valid) {
    return {
      id: 'dea',
      title,
      status: 'pass',
      reason: `DEA number ${verdict.dea} is valid (whether ${drug} is controlled is unknown: it matches no product).`,
    };
  }
  return {
    id: 'dea',
    title,
    status: 'warn',
    reason: `Whether ${drug} is controlled is unknown (it matches no product), and: ${verdict.message}`,
  };
}

/** A stocked product matched, and one this prescriber is not restricted from prescribing. */
export function productCheck(input: CheckInput): Check {
  const title = 'Matched product the prescriber may prescribe';
  const drug = drugLabel(input.prescription, input.product);
  const product = input.product;
  if (!product) {
    return {
      id: 'product',
      title,
      status: 'warn',
      reason: `${drug} matches no stocked product, so it cannot be filled from stock as it is.`,
    };
  }
  const name = product.name || product.sku || 'the matched product';
  const restricted = (input.prescriber?.restrictions ?? []).some(
    (r) => r.id === product.id || (r.sku && product.sku && r.sku === product.sku),
  );
  if (restricted && input.prescriber) {
    return {
      id: 'product',
      title,
      status: 'fail',
      reason: `${prescriberName(input.prescriber)} is restricted from prescribing ${name}.`,
    };
  }
  if (product.is_active === false) {
    return { id: 'product', title, status: 'warn', reason: `${name} is no longer active in the catalogue.` };
  }
  const sku = product.sku ? ` (${product.sku})` : '';
  return { id: 'product', title, status: 'pass', reason: `Matched to ${name}${sku}; no restriction on it.` };
}

// DEA registration numbers: the format (two letters, seven digits) and the registrar's check digit.

export type DeaVerdict =
  | { valid: true; dea: string }
  | { valid: false; problem: 'missing' | 'format' | 'checksum'; message: string };

const FORMAT = /^[A-Z]{2}\d{7}$/;

/** The check digit for six digits d1..d6: the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6). */
export function deaCheckDigit(sixDigits: string): number {
  if (!/^\d{6}$/.test(sixDigits)) throw new RangeError('a DEA check digit is computed over exactly six digits');
  const d = sixDigits.split('').map(Number) as [number, number, number, number, number, number];
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10;
}

/** Whether a DEA number is present, well formed and carries the right check digit; says why not in plain words. */
export function checkDea(value: string | null | undefined): DeaVerdict {
  const dea = (value ?? '').trim().toUpperCase();
  if (!dea) return { valid: false, problem: 'missing', message: 'No DEA number on file.' };
  if (!FORMAT.test(dea)) {
    return {
      valid: false,
      problem: 'format',
      message: `DEA number ${dea} is not two letters followed by seven digits.`,
    };
  }
  const expected = deaCheckDigit(dea.slice(2, 8));
  const given = Number(dea[8]);
  if (expected !== given) {
    return {
      valid: false,
      problem: 'checksum',
      message: `DEA number ${dea} fails its checksum: the last digit should be ${expected}, not ${given}.`,
    };
  }
  return { valid: true, dea };
}

/** Whether the DEA number's second letter is the initial of the prescriber's last name (the registrar's rule). */
export function deaMatchesLastName(dea: string, lastName: string | null | undefined): boolean | null {
  const initial = (lastName ?? '').trim().charAt(0).toUpperCase();
  if (!/[A-Z]/.test(initial)) return null;
  return dea.trim().toUpperCase().charAt(1) === initial;
}
