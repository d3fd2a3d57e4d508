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
