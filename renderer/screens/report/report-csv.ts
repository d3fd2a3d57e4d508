// The report as CSV: the report's rows for a spreadsheet, written by the station's one CSV writer (rules/reports/csv.ts).
import { spreadsheetText } from '../../../rules/reports/csv.ts';
import type { ReportRequest } from '../../queries/report.ts';
import type { ReportView } from './report-model.ts';

export { spreadsheetText, toCsv } from '../../../rules/reports/csv.ts';

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
