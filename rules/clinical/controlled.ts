// Controlled-substance rules by DEA schedule (21 CFR 1306.12, 1306.22): a C-II prescription has no refills; a C-III to
// C-V prescription is filled or refilled within 6 months of the day it was written, and at most 5 times refilled.

/** The last day (YYYY-MM-DD) a prescription of this schedule written on `writtenDay` may be filled; null: no federal limit. */
export function validUntil(schedule: string | null, writtenDay: string): string | null {
  if (!schedule || !['III', 'IV', 'V'].includes(schedule)) return null;
  const [y, m, d] = writtenDay.split('-').map(Number) as [number, number, number];
  // Six calendar months on; a day past the end of that month falls back to its last day (Aug 31 → Feb 28/29).
  const last = new Date(Date.UTC(y, m - 1 + 7, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + 6, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The refills a prescription of this schedule may carry; null: no federal limit (not controlled, or C-I). */
export function maxRefills(schedule: string | null): number | null {
  if (schedule === 'II') return 0;
  if (schedule === 'III' || schedule === 'IV' || schedule === 'V') return 5;
  return null;
}

/** A prescription's one validity: the service's expiry, cut to its schedule's federal limit when that comes first. */
export interface Validity {
  /** The last day it may be filled; null when neither the service nor the schedule gives one. */
  until: string | null;
  /** The service's own expiry when the federal limit cut it short (a data error to show, not a failed check). */
  serviceSaid: string | null;
}

/** One rule, one date: every panel and check that says how long a prescription is good for asks this. */
export function validityOf(input: {
  schedule: string | null;
  writtenDay: string | null;
  expiresDay: string | null;
}): Validity {
  const limit = input.writtenDay ? validUntil(input.schedule, input.writtenDay) : null;
  if (limit && (!input.expiresDay || input.expiresDay > limit)) {
    return { until: limit, serviceSaid: input.expiresDay };
  }
  return { until: input.expiresDay, serviceSaid: null };
}

/**
 * What a pharmacist must see of this controlled prescription: too many refills. An expiry the service sent past the
 * schedule's limit is not the prescriber's error and needs no "why acceptable": the station holds the limit
 * (validityOf) and says so where it shows the date.
 */
export function controlledFindings(input: { schedule: string | null; refills: number | null }): string[] {
  const found: string[] = [];
  const allowed = maxRefills(input.schedule);
  if (allowed !== null && (input.refills ?? 0) > allowed) {
    found.push(
      allowed === 0
        ? `A C-II prescription has no refills; this one carries ${input.refills}.`
        : `A C-${input.schedule} prescription is refilled at most ${allowed} times; this one carries ${input.refills}.`,
    );
  }
  return found;
}
