// Age limits and maximum daily doses, as data (resources/vocabulary/clinical-limits.json, each with its source), and
// the findings they give for one prescription: the patient younger than the drug's limit, a daily dose over its maximum.
import { dosesPerDay, unitsPerDose } from './days-supply.ts';

export interface ClinicalLimit {
  drug: string;
  minAgeYears: number;
  maxDailyDose: number | null;
  doseUnit: 'mg' | 'mcg';
  /** Why there is no maximum, when there is none. */
  reason?: string;
  source: string;
}

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
