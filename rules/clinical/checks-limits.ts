// The checks from the clinical limits' data: the patient's age and the daily dose against the drug's limits (with
// their source), a controlled prescription's refills and validity by schedule, the days supply of the quantity, and
// the state's PDMP looked up for a controlled substance.
import {
  ageOn,
  type Check,
  type CheckInput,
  type ClinicalLimit,
  controlledFindings,
  drugLabel,
  drugText,
  formatDay,
  scheduleOfInput,
  validityOfInput,
} from './check-model.ts';

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

// Age limits and maximum daily doses, as data (resources/vocabulary/clinical-limits.json, each with its source), and
// the findings they give for one prescription: the patient younger than the drug's limit, a daily dose over its maximum.

/** The limits of a drug, by the name it starts a product's or prescription's name with (longest name first). */
export function limitOf(drugName: string | null | undefined, limits: readonly ClinicalLimit[]): ClinicalLimit | null {
  const name = (drugName ?? '').trim().toLowerCase();
  if (!name) return null;
  const sorted = [...limits].sort((a, b) => b.drug.length - a.drug.length);
  return sorted.find((limit) => name.startsWith(limit.drug.toLowerCase())) ?? null;
}

/** The amount of one unit in the limit's unit ("50 mg" → 50, "90 mcg/actuation" → 90); null when unreadable. */
export function strengthIn(strength: string | null | undefined, unit: 'mg' | 'mcg'): number | null {
  const m = (strength ?? '').toLowerCase().match(/(\d+(?:\.\d+)?)\s*(mg|mcg|g)\b/);
  if (!m) return null;
  const amount = Number(m[1]);
  const inMg = m[2] === 'g' ? amount * 1000 : m[2] === 'mcg' ? amount / 1000 : amount;
  return unit === 'mg' ? inMg : inMg * 1000;
}

/** The most the directions allow in a day, in the limit's unit; null when they do not say how often. */
export function dailyDoseOf(strength: string | null | undefined, sig: string, unit: 'mg' | 'mcg'): number | null {
  const each = strengthIn(strength, unit);
  const perDay = dosesPerDay(sig);
  if (each === null || perDay === null) return null;
  return each * unitsPerDose(sig) * perDay;
}

/** Why this patient's age is below the drug's limit, or null. */
export function ageFinding(limit: ClinicalLimit, ageYears: number | null): string | null {
  if (ageYears === null || ageYears >= limit.minAgeYears) return null;
  return `${limit.drug} is not for a patient of ${ageYears} (from ${limit.minAgeYears} years; ${limit.source}).`;
}

/** Why the daily dose the directions allow is over the drug's maximum, or null. */
export function doseFinding(limit: ClinicalLimit, dailyDose: number | null): string | null {
  if (dailyDose === null || limit.maxDailyDose === null || dailyDose <= limit.maxDailyDose) return null;
  return `Up to ${dailyDose} ${limit.doseUnit} a day is over the ${limit.maxDailyDose} ${limit.doseUnit} maximum of ${limit.drug} (${limit.source}).`;
}

// Quantity ÷ directions → days supply: how many units one dose is, how many doses a day, and the days the quantity
// lasts; flagged when it falls outside a plausible range or exceeds a course the directions state ("for 10 days").

/** The days supply a pharmacy fills without a second look (a day's dose up to a 90-day supply). */
export const PLAUSIBLE_DAYS = { min: 1, max: 90 } as const;

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, half: 0.5 };

/** How many doses a day the directions say; null when they do not say (as directed, at onset of…). */
export function dosesPerDay(sig: string): number | null {
  const s = sig.toLowerCase();
  const hours = s.match(/every (\d+)(?:\s*(?:to|-)\s*\d+)? hours?/);
  if (hours) return 24 / Math.max(1, Number(hours[1]));
  if (/\b(four times (a |per )?dai?ly|qid|4 times)\b/.test(s)) return 4;
  if (/\b(three times (a |per )?dai?ly|tid|3 times)\b/.test(s)) return 3;
  if (/\b(twice (a |per )?dai?ly|two times|bid|2 times)\b/.test(s)) return 2;
  if (
    /\b(once (a |per )?dai?ly|daily|every (morning|evening|day|night)|at bedtime|qd|before breakfast|each day)\b/.test(
      s,
    )
  )
    return 1;
  return null;
}

/** How many units one dose is ("take 2 tablets", "inhale 2 puffs"); 1 when the directions do not say. */
export function unitsPerDose(sig: string): number {
  const m = sig
    .toLowerCase()
    .match(/\b(?:take|inhale|apply|use|give)\s+(\d+(?:\.\d+)?|one|two|three|four|five|six|half)\b/);
  if (!m) return 1;
  const word = m[1] as string;
  return WORD_NUMBERS[word] ?? Number(word);
}

/** The course the directions state ("for 10 days", "x 10 days"), in days; null when none. */
export function statedCourseDays(sig: string): number | null {
  const m = sig.toLowerCase().match(/(?:for|x|×)\s*(\d+)\s*days?/);
  return m ? Number(m[1]) : null;
}

/** Units and forms dispensed as a package or a measure, not one dose each: a tube of cream is not 1 dose. */
const NOT_DOSE_COUNTED =
  /\b(tubes?|g|gm|grams?|ml|mls|bottles?|inhalers?|canisters?|pens?|boxe?s?|kits?|packs?|jars?|cream|ointment|gel|lotion|solution|suspension|spray|inhaler|drops|patch(?:es)?|vials?)\b/;

/** Whether a quantity in these units (or of this form) counts packages or measures rather than doses. */
export function notCountedInDoses(units: string | null | undefined, form: string | null | undefined): boolean {
  return NOT_DOSE_COUNTED.test(`${units ?? ''} ${form ?? ''}`.toLowerCase());
}

export type DaysSupplyFlag = 'ok' | 'too_short' | 'too_long' | 'more_than_course' | 'unknown' | 'not_dose_counted';

export interface DaysSupply {
  /** Whole days the quantity lasts at the directions' most frequent use; null when it cannot be read. */
  days: number | null;
  flag: DaysSupplyFlag;
  /** The stated course, when the directions give one. */
  courseDays: number | null;
}

/** The days supply of a quantity under these directions, and whether a pharmacist should look at it. */
export function daysSupplyOf(
  quantity: number | null | undefined,
  sig: string | null | undefined,
  dispensed: { units?: string | null; form?: string | null } = {},
): DaysSupply {
  const text = sig ?? '';
  const perDay = dosesPerDay(text);
  const courseDays = statedCourseDays(text);
  if (notCountedInDoses(dispensed.units, dispensed.form)) return { days: null, flag: 'not_dose_counted', courseDays };
  if (!quantity || quantity <= 0 || perDay === null) return { days: null, flag: 'unknown', courseDays };
  const days = Math.floor(quantity / (unitsPerDose(text) * perDay));
  if (courseDays !== null && days > courseDays) return { days, flag: 'more_than_course', courseDays };
  if (days < PLAUSIBLE_DAYS.min) return { days, flag: 'too_short', courseDays };
  if (days > PLAUSIBLE_DAYS.max) return { days, flag: 'too_long', courseDays };
  return { days, flag: 'ok', courseDays };
}

// The state's prescription drug monitoring program (PDMP): before a controlled substance is filled, the pharmacist looks
// the patient up in the PDMP of the state it ships to and records what it showed. Until they do, the check fails, and
// its acknowledgement is that record (kept with the review in the audit log); "OK to fill" waits for it.

export function pdmpCheck(input: CheckInput): Check {
  const title = 'State PDMP checked';
  const schedule = scheduleOfInput(input);
  const controlled = schedule !== null || input.product?.is_controlled_substance === true;
  if (!controlled) {
    return { id: 'pdmp', title, status: 'pass', reason: 'Not a controlled substance: no PDMP look-up needed.' };
  }
  const drug = drugLabel(input.prescription, input.product);
  const where = input.shippingState ? `the ${input.shippingState.state} PDMP` : "the PDMP of the patient's state";
  return {
    id: 'pdmp',
    title,
    status: 'fail',
    reason: `${drug} is ${schedule ? `C-${schedule}` : 'a controlled substance'}: look the patient up in ${where} and record what it showed.`,
  };
}
