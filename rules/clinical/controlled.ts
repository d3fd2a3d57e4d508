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

/** What a pharmacist must see of this controlled prescription: too many refills, an expiry past its validity. */
export function controlledFindings(input: {
  schedule: string | null;
  writtenDay: string | null;
  refills: number | null;
  expiresDay: string | null;
}): string[] {
  const found: string[] = [];
  const allowed = maxRefills(input.schedule);
  if (allowed !== null && (input.refills ?? 0) > allowed) {
    found.push(
      allowed === 0
        ? `A C-II prescription has no refills; this one carries ${input.refills}.`
        : `A C-${input.schedule} prescription is refilled at most ${allowed} times; this one carries ${input.refills}.`,
    );
  }
  const until = input.writtenDay ? validUntil(input.schedule, input.writtenDay) : null;
  if (until && input.expiresDay && input.expiresDay > until) {
    found.push(
      `A C-${input.schedule} prescription written ${input.writtenDay} is valid until ${until}, not ${input.expiresDay}.`,
    );
  }
  return found;
}
