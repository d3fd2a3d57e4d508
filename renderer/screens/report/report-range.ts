// The report's date range: calendar-day arithmetic, the presets, dates for people, and the check before sending.
import { ordersReportQuery, type ReportIncludeField, reportIncludeField } from '../../../contract/service/reports.ts';
import { type ReportRequest, reportQueryOf } from '../../queries/report.ts';

/** A calendar day, YYYY-MM-DD. Arithmetic is done in UTC so no day is lost or doubled at a daylight-saving change. */
export type Day = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 31 June, no 29 February outside leap years). */
export function isDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
}

function dayOfUtc(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

function utcOf(day: Day): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: Day, days: number): Day {
  const date = utcOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOfUtc(date);
}

export function firstOfMonth(day: Day): Day {
  return `${day.slice(0, 7)}-01`;
}

export function lastOfMonth(day: Day): Day {
  const date = utcOf(firstOfMonth(day));
  date.setUTCMonth(date.getUTCMonth() + 1);
  date.setUTCDate(0);
  return dayOfUtc(date);
}

export type PresetId = 'today' | 'last7' | 'thisMonth' | 'lastMonth';

export interface Preset {
  id: PresetId;
  label: string;
  shortcut: string;
}

export const reportPresets: readonly Preset[] = [
  { id: 'today', label: 'Today', shortcut: 'Alt+T' },
  { id: 'last7', label: 'Last 7 days', shortcut: 'Alt+W' },
  { id: 'thisMonth', label: 'This month', shortcut: 'Alt+M' },
  { id: 'lastMonth', label: 'Last month', shortcut: 'Alt+L' },
];

/** Both ends inclusive: "last 7 days" is today and the six days before it. */
export function presetRange(id: PresetId, today: Day): { start: Day; end: Day } {
  switch (id) {
    case 'today':
      return { start: today, end: today };
    case 'last7':
      return { start: addDays(today, -6), end: today };
    case 'thisMonth':
      return { start: firstOfMonth(today), end: today };
    case 'lastMonth': {
      const end = addDays(firstOfMonth(today), -1);
      return { start: firstOfMonth(end), end };
    }
  }
}

/** The inspector's report's first range: last month, first day to last, counted from the screen's today. */
export function inspectorFirstRange(today: Day): { from: Day; to: Day } {
  const { start, end } = presetRange('lastMonth', today);
  return { from: start, to: end };
}

/**
 * The audit export's first range: the 30 days to the screen's `now`, on main's calendar of the audit log (UTC days,
 * contract/ipc/audit-review.ts), so the day of the newest record is in it wherever the station is.
 */
export function auditFirstRange(now: Date): { from: Day; to: Day } {
  const to = dayOfUtc(now);
  return { from: addDays(to, -30), to };
}

/**
 * The preset a range is exactly, if any (so its button shows as chosen). Two presets can be the same range (on the
 * first of a month "This month" is "Today"): the one pressed last (`pressed`) wins while the range is still its own.
 */
export function presetOf(start: string, end: string, today: Day, pressed: PresetId | null = null): PresetId | null {
  const matches = reportPresets.filter((p) => {
    const range = presetRange(p.id, today);
    return range.start === start && range.end === end;
  });
  return matches.find((p) => p.id === pressed)?.id ?? matches[0]?.id ?? null;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** "Jun 3, 2026" for a calendar day (read as that day everywhere). */
export function formatDay(day: Day): string {
  return isDay(day) ? dayFormat.format(utcOf(day)) : day;
}

/** The range in words: "May 1 – 31, 2026", "From the first order to Jun 3, 2026", "Jun 1, 2026 to today". */
export function describeRange(start: Day | undefined, end: Day | undefined): string {
  if (start && end) return start === end ? formatDay(start) : dayFormat.formatRange(utcOf(start), utcOf(end));
  if (start) return `${formatDay(start)} to today`;
  if (end) return `From the first order to ${formatDay(end)}`;
  return 'Every order, from the first to today';
}

const ANSWERED_RANGE = /^\s*(\d{4}-\d{2}-\d{2}|first order)\s+to\s+(\d{4}-\d{2}-\d{2}|today)\s*$/i;

/**
 * The service's own `date_range` for people: `2025-03-01 to 2025-03-31` in the same words as a range asked for;
 * anything else exactly as the service wrote it (it is the service's statement of what it counted).
 */
export function describeAnsweredRange(dateRange: string): string {
  const match = ANSWERED_RANGE.exec(dateRange);
  if (!match) return dateRange.trim();
  const day = (text: string | undefined) => (text && isDay(text) ? text : undefined);
  return describeRange(day(match[1]), day(match[2]));
}

/** What the form holds; `…Incomplete` is the date field's own "typed, but not a whole date yet". */
export interface RangeDraft {
  start: string;
  end: string;
  startIncomplete: boolean;
  endIncomplete: boolean;
  include: readonly ReportIncludeField[];
}

export interface RangeErrors {
  start?: string;
  end?: string;
  include?: string;
}

export type RangeCheck = { ok: true; request: ReportRequest } | { ok: false; errors: RangeErrors };

/** The report's parts in the contract's order (so the request, and the cache key, do not depend on click order). */
const includeOrder = reportIncludeField.options;

/** Checks the form before anything is sent; each problem is said next to its field, in words. */
export function checkRange(draft: RangeDraft): RangeCheck {
  const errors: RangeErrors = {};
  if (draft.startIncomplete || (draft.start !== '' && !isDay(draft.start))) {
    errors.start = 'The start date is not a whole date: give day, month and year, or clear it.';
  }
  if (draft.endIncomplete || (draft.end !== '' && !isDay(draft.end))) {
    errors.end = 'The end date is not a whole date: give day, month and year, or clear it.';
  }
  if (!errors.start && !errors.end && draft.start !== '' && draft.end !== '' && draft.start > draft.end) {
    errors.start = `The start date (${formatDay(draft.start)}) is after the end date (${formatDay(draft.end)}).`;
  }
  if (draft.include.length === 0) errors.include = 'Choose at least one part of the report.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const request: ReportRequest = {
    ...(draft.start ? { start_date: draft.start } : {}),
    ...(draft.end ? { end_date: draft.end } : {}),
    include: includeOrder.filter((part) => draft.include.includes(part)),
  };
  // The contract's own schema has the last word: what passes here, the service accepts.
  const parsed = ordersReportQuery.safeParse(reportQueryOf(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'end_date' ? 'end' : issue?.path[0] === 'include' ? 'include' : 'start';
    return { ok: false, errors: { [field]: issue?.message ?? 'The range is not valid.' } };
  }
  return { ok: true, request };
}
