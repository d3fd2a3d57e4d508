// Service drift in words a support person can read and paste: one line per operation and field, no values.
import type { DriftEntryView, DriftReport } from '../../../contract/ipc/diagnostics.ts';

const clock = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** `orders.get: products.prescription[].formula_id was a number, read as text, 12 times since 09:14`. */
export function driftLine(entry: DriftEntryView): string {
  const field = entry.path === '(answer)' ? 'the answer' : entry.path;
  const done =
    entry.kind === 'coerced' ? `, read as ${entry.as ?? 'another type'}` : entry.kind === 'dropped' ? ', left out' : '';
  const what = entry.kind === 'refused' ? `the answer could not be shown (${entry.was})` : `${field} was ${entry.was}`;
  return `${entry.operation}: ${what}${done}, ${times(entry.count)} since ${clock(entry.firstSeen)}`;
}

/** The whole report as plain text for the clipboard: the service, since when, then one line per entry. */
export function driftText(report: DriftReport): string {
  const head = `Service drift at ${report.service} since ${report.since}`;
  if (report.entries.length === 0) return `${head}\nNothing read differently from its description.`;
  return [head, ...report.entries.map(driftLine)].join('\n');
}
