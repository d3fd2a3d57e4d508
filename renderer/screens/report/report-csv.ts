// The report as CSV (RFC 4180): a generic, exact writer, and the report's rows for a spreadsheet.
import type { ReportRequest } from '../../queries/report.ts';
import type { ReportView } from './report-model.ts';

/** A field is quoted when it holds a comma, a quote, a line break, or spaces at either end (some readers trim). */
function quoteField(field: string): string {
  if (/[",\r\n]/.test(field) || field !== field.trim()) return `"${field.replace(/"/g, '""')}"`;
  return field;
}

/**
 * Rows to CSV text: fields separated by commas, rows ended by CRLF (the last one too), quotes doubled inside quoted
 * fields. Every string comes back unchanged from a conforming reader. A row with one empty field is written `""` so it
 * does not read back as a blank line.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => (row.length === 1 && row[0] === '' ? '""' : row.map(quoteField).join(',')))
    .map((line) => `${line}\r\n`)
    .join('');
}

/**
 * Text from the service that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets
 * a leading apostrophe, as OWASP advises against CSV injection: a product name must never run in someone's Excel.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const CSV_HEADER = ['Section', 'Status or product', 'Product ID', 'Orders'] as const;

/** Rows of the export: the range, the total, each status, then every product by kind (numbers as plain integers). */
export function reportCsvRows(view: ReportView, request: ReportRequest): string[][] {
  const rows: string[][] = [[...CSV_HEADER]];
  const asked = `${request.start_date ?? 'first order'} to ${request.end_date ?? 'today'}`;
  rows.push(['Date range', spreadsheetText(view.dateRange ?? asked), '', '']);
  if (view.totalOrders !== null) rows.push(['Total', 'All orders', '', String(view.totalOrders)]);
  for (const row of view.statuses ?? []) rows.push(['Status', spreadsheetText(row.label), '', String(row.count)]);
  for (const group of view.products ?? []) {
    for (const product of group.rows) {
      rows.push([group.short, spreadsheetText(product.name), spreadsheetText(product.id), String(product.count)]);
    }
  }
  return rows;
}

/** `orders-report-2026-05-01-to-2026-05-31.csv`; an open end reads `first-order` or `today`. */
export function csvFileName(request: ReportRequest): string {
  return `orders-report-${request.start_date ?? 'first-order'}-to-${request.end_date ?? 'today'}.csv`;
}
