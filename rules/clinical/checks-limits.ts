// The checks from the clinical limits' data: the patient's age and the daily dose against the drug's limits (with
// their source), a controlled prescription's refills and validity by schedule, and the days supply of the quantity.
import { type Check, type CheckInput, drugLabel, drugText, scheduleOfInput, validityOfInput } from './check-model.ts';
import { controlledFindings } from './controlled.ts';
import { ageOn, formatDay } from './dates.ts';
import { daysSupplyOf, PLAUSIBLE_DAYS } from './days-supply.ts';
import { ageFinding, dailyDoseOf, doseFinding, limitOf } from './limits.ts';

const sigOf = (input: CheckInput) => input.prescription.sig ?? input.prescription.directions ?? '';

/** The patient's age and the directions' daily dose within the drug's limits. */
export function limitsCheck(input: CheckInput): Check {
  const title = 'Age and dose within limits';
  const limit = limitOf(drugText(input.prescription, input.product), input.limits ?? []);
  if (!limit) {
    return {
      id: 'limits',
      title,
      status: 'warn',
      reason: `No age or dose limits on file for ${drugLabel(input.prescription, input.product)}.`,
    };
  }
  const age = ageOn(input.patient?.date_of_birth, input.today);
  const strength = input.prescription.strength ?? input.product?.name ?? null;
  const found = [ageFinding(limit, age), doseFinding(limit, dailyDoseOf(strength, sigOf(input), limit.doseUnit))];
  const problems = found.filter((finding): finding is string => finding !== null);
  if (problems.length > 0) return { id: 'limits', title, status: 'fail', reason: problems.join(' ') };
  if (age === null) return { id: 'limits', title, status: 'warn', reason: "The patient's age is not known." };
  return { id: 'limits', title, status: 'pass', reason: `Within the limits of ${limit.drug} (${limit.source}).` };
}

/** A controlled prescription's refills and validity by its DEA schedule (21 CFR 1306). */
export function controlledCheck(input: CheckInput): Check {
  const title = 'Controlled-substance rules met';
  const schedule = scheduleOfInput(input);
  if (!schedule) return { id: 'controlled', title, status: 'pass', reason: 'Not a scheduled drug on file.' };
  const found = controlledFindings({ schedule, refills: input.prescription.refills ?? null });
  if (found.length > 0) return { id: 'controlled', title, status: 'fail', reason: found.join(' ') };
  const { until, serviceSaid } = validityOfInput(input);
  const dates = serviceSaid
    ? `valid until ${formatDay(until)}, 6 months from writing (the service's date, ${formatDay(serviceSaid) ?? 'none'}, is past that limit)`
    : 'dates within federal limits';
  return { id: 'controlled', title, status: 'pass', reason: `C-${schedule}: refills within federal limits; ${dates}.` };
}

/** Quantity ÷ directions → days supply, within a plausible range and the course the directions state. */
export function supplyCheck(input: CheckInput): Check {
  const title = 'Days supply plausible';
  const form = input.product?.form ?? drugText(input.prescription, input.product);
  const supply = daysSupplyOf(input.prescription.quantity, sigOf(input), { units: input.prescription.units, form });
  const quantity = input.prescription.quantity;
  switch (supply.flag) {
    case 'not_dose_counted': {
      const what = [quantity, input.prescription.units].filter((part) => part != null && part !== '').join(' ');
      const stated = input.prescription.days_supply;
      return stated
        ? {
            id: 'supply',
            title,
            status: 'pass',
            reason: `${what} for ${stated} days, as prescribed (a package, not counted in doses).`,
          }
        : {
            id: 'supply',
            title,
            status: 'warn',
            reason: `${what} is a package, not counted in doses: the days supply is the pharmacist's estimate.`,
          };
    }
    case 'unknown':
      return {
        id: 'supply',
        title,
        status: 'warn',
        reason: 'The quantity or the directions do not give a days supply.',
      };
    case 'more_than_course':
      return {
        id: 'supply',
        title,
        status: 'fail',
        reason: `Quantity ${quantity} lasts ${supply.days} days, more than the ${supply.courseDays}-day course the directions state.`,
      };
    case 'too_short':
    case 'too_long':
      return {
        id: 'supply',
        title,
        status: 'warn',
        reason: `Quantity ${quantity} lasts ${supply.days} days, outside ${PLAUSIBLE_DAYS.min} to ${PLAUSIBLE_DAYS.max} days.`,
      };
    default:
      return { id: 'supply', title, status: 'pass', reason: `Quantity ${quantity} lasts ${supply.days} days.` };
  }
}
