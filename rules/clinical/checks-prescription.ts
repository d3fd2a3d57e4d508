// The prescription's own checks: fills left, still current (not expired or cancelled), a guardian for a minor, and the
// order's lines held against it.
import { PRESCRIPTION_EXPIRES_SOON_DAYS } from '../days.ts';
import {
  ageOn,
  type Check,
  type CheckInput,
  dayOf,
  daysBetween,
  drugLabel,
  formatDay,
  isMinor,
  type OrderLine,
  plural,
  relativeDays,
  validityOfInput,
} from './check-model.ts';
import { drugKey } from './checks-interactions.ts';
import { firstMention, normalise } from './drug-vocabulary.ts';

/** Refills written and fills left: nothing to fill when none remain. */
export function fillsCheck(input: CheckInput): Check {
  const title = 'Fills remaining';
  const { fills_remaining: left, refills } = input.prescription;
  const written =
    refills == null ? '' : ` (written with ${refills === 0 ? 'no refills' : plural(refills, 'refill', 'refills')})`;
  if (left == null) {
    return {
      id: 'fills',
      title,
      status: 'warn',
      reason: 'The prescription does not say how many fills remain.',
    };
  }
  if (left <= 0) return { id: 'fills', title, status: 'fail', reason: `No fills remaining${written}.` };
  return { id: 'fills', title, status: 'pass', reason: `${plural(left, 'fill', 'fills')} remaining${written}.` };
}

/** Not cancelled, not expired (by its one validity: the service's expiry within its schedule's limit), not written in the future. */
export function currentCheck(input: CheckInput): Check {
  const title = 'Prescription current';
  const { prescription, today } = input;
  if (prescription.status === 'cancelled') {
    const why = (prescription as { cancellation_reason?: unknown }).cancellation_reason;
    const reason = typeof why === 'string' && why.trim() ? ` Reason given: ${why.trim()}` : '';
    return { id: 'current', title, status: 'fail', reason: `This prescription was cancelled.${reason}` };
  }
  const written = dayOf(prescription.written_at);
  const { until: expires, serviceSaid } = validityOfInput(input);
  const limitNote = serviceSaid ? ` (the controlled-substance limit; the service says ${formatDay(serviceSaid)})` : '';
  if (!expires) {
    return { id: 'current', title, status: 'warn', reason: 'The prescription has no expiry date.' };
  }
  if (daysBetween(today, expires) < 0) {
    return {
      id: 'current',
      title,
      status: 'fail',
      reason: `Expired on ${formatDay(expires)}${limitNote} (${relativeDays(expires, today)}).`,
    };
  }
  if (written && daysBetween(today, written) > 0) {
    return {
      id: 'current',
      title,
      status: 'warn',
      reason: `Written with a date in the future: ${formatDay(written)}.`,
    };
  }
  // An expiry the service sent that is no date: the schedule's limit still bounds it, but the service may have meant an
  // earlier day, so it is never a plain pass.
  const sentExpiry = prescription.expires_at;
  if (typeof sentExpiry === 'string' && sentExpiry.trim() && !dayOf(sentExpiry)) {
    return {
      id: 'current',
      title,
      status: 'warn',
      reason: `The service's expiry date cannot be read; the controlled-substance limit holds it to ${formatDay(expires)} at most.`,
    };
  }
  if (daysBetween(today, expires) <= PRESCRIPTION_EXPIRES_SOON_DAYS) {
    return {
      id: 'current',
      title,
      status: 'warn',
      reason: `Expires ${relativeDays(expires, today)} (${formatDay(expires)})${limitNote}.`,
    };
  }
  if (prescription.status === 'exception') {
    return {
      id: 'current',
      title,
      status: 'warn',
      reason: `The service marked ${drugLabel(prescription, input.product)} as an exception: it needs a pharmacist's decision.`,
    };
  }
  const from = written ? `Written ${formatDay(written)}; valid` : 'Valid';
  return { id: 'current', title, status: 'pass', reason: `${from} until ${formatDay(expires)}${limitNote}.` };
}

/** A minor needs a guardian on file, with a way to reach them. */
export function guardianCheck(input: CheckInput): Check {
  const title = 'Guardian on file for a minor';
  const patient = input.patient;
  if (!patient) return { id: 'guardian', title, status: 'warn', reason: 'No patient record on this prescription.' };
  // The service's own flag wins (rules/days.ts): it may know a rule (emancipation, a state's age) the birth date does not.
  const age = ageOn(patient.date_of_birth, input.today);
  const minor = isMinor(patient, input.today);
  if (minor === null) {
    return {
      id: 'guardian',
      title,
      status: 'warn',
      reason: 'No date of birth on file, so the station cannot tell whether the patient is a minor.',
    };
  }
  if (!minor) {
    return {
      id: 'guardian',
      title,
      status: 'pass',
      reason: `Adult patient${age === null ? '' : ` (age ${age})`}: no guardian needed.`,
    };
  }
  const who = age === null ? 'The patient is a minor' : `The patient is ${age}, a minor`;
  const guardian = patient.guardian_name?.trim();
  if (!guardian) return { id: 'guardian', title, status: 'fail', reason: `${who}, and no guardian is on file.` };
  const relationship = patient.guardian_relationship ? ` (${patient.guardian_relationship})` : '';
  if (!patient.guardian_phone && !patient.guardian_email) {
    return {
      id: 'guardian',
      title,
      status: 'warn',
      reason: `${who}; guardian ${guardian}${relationship} has no phone or email on file.`,
    };
  }
  return { id: 'guardian', title, status: 'pass', reason: `${who}; guardian ${guardian}${relationship} is on file.` };
}

// What the order will fill, held against the prescription under review: a pharmacist says "OK to fill" to the lines that
// will be filled, so a review whose order fills another drug (the zolpidem order opened on a cream prescription) fails
// before "OK to fill", naming what the order fills; a quantity that differs is a warning.

const lineWords = (line: OrderLine) => `${line.name?.trim() || 'an unnamed product'} × ${line.quantity ?? '?'}`;

/**
 * Whether the line fills the prescription: its own product, or a product of the same drug (a generic of another maker
 * is a different product record). Another drug never does.
 */
export function fills(line: OrderLine, input: Pick<CheckInput, 'prescription' | 'product'>): boolean {
  const productId = input.prescription.prescription_product_id ?? input.product?.id ?? null;
  if (productId && line.id === productId) return true;
  const drug = drugKey(drugLabel(input.prescription, input.product));
  return drug !== null && firstMention(normalise(line.name ?? ''), [drug]) !== null;
}

export function orderCheck(input: CheckInput): Check {
  const title = 'The order fills this prescription';
  const lines = input.orderLines;
  if (lines == null)
    return { id: 'order', title, status: 'pass', reason: 'Not opened from an order: nothing to hold it against.' };
  const drug = drugLabel(input.prescription, input.product);
  if (lines.length === 0) {
    return { id: 'order', title, status: 'warn', reason: `The order has no prescription lines to fill ${drug}.` };
  }
  const filled = lines.filter((line) => fills(line, input));
  if (filled.length === 0) {
    return {
      id: 'order',
      title,
      status: 'fail',
      reason: `The order fills ${lines.map(lineWords).join(', ')}, not ${drug}: correct the order, or review the prescription it fills.`,
    };
  }
  const prescribed = input.prescription.quantity;
  const counted = filled.reduce((sum, line) => sum + (line.quantity ?? 0), 0);
  if (prescribed != null && counted !== prescribed) {
    return {
      id: 'order',
      title,
      status: 'warn',
      reason: `The order fills ${filled.map(lineWords).join(', ')}; the prescription is for ${prescribed}.`,
    };
  }
  return { id: 'order', title, status: 'pass', reason: `The order fills ${filled.map(lineWords).join(', ')}.` };
}
