// The service's orders report as the screen and the CSV show it: statuses named for people, products by kind, totals.
import { orderStatuses } from '../../../contract/service/orders.ts';
import type { OrdersByStatusRow, OrdersReport } from '../../../contract/service/reports.ts';

export type ProductKind = 'prescription' | 'non_prescription' | 'order_material';

export const productKinds: readonly { kind: ProductKind; title: string; short: string }[] = [
  { kind: 'prescription', title: 'Prescription products', short: 'Prescription' },
  { kind: 'non_prescription', title: 'Non-prescription products', short: 'Non-prescription' },
  { kind: 'order_material', title: 'Order materials', short: 'Order material' },
];

export interface StatusRow {
  status: string;
  label: string;
  count: number;
}

export interface ProductRow {
  id: string;
  name: string;
  count: number;
}

export interface ProductGroup {
  kind: ProductKind;
  title: string;
  short: string;
  rows: ProductRow[];
}

/** What the screen shows; a part is null when the report was run without it. */
export interface ReportView {
  /** The range the service says it counted (`date_range`), as it wrote it; null when it did not say. */
  dateRange: string | null;
  totalOrders: number | null;
  statuses: StatusRow[] | null;
  products: ProductGroup[] | null;
}

const statusNames = new Map<string, string>(orderStatuses.map((s) => [s.status, s.name]));
const statusOfCode = new Map<string, string>(orderStatuses.map((s) => [s.code, s.status]));

/** "Data Entry" for `data_entry`; a status the station does not know is spelled out from its own words. */
export function statusLabel(status: string): string {
  const known = statusNames.get(status);
  if (known) return known;
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'No status';
}

/**
 * One row's status and the name to show: the service's own `status_name` first (the real service sends N01/Received
 * per row), else the spec's `status` spelled out, else the station's name for the `status_code`.
 */
export function statusOfRow(row: OrdersByStatusRow): { status: string; label: string } {
  const code = row.status_code?.trim() ?? '';
  const status = row.status ?? statusOfCode.get(code) ?? code;
  const name = row.status_name?.trim();
  return { status, label: name || (status ? statusLabel(status) : 'No status') };
}

const countOf = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function reportView(report: OrdersReport): ReportView {
  const statuses = report.orders_by_status?.map((row) => ({ ...statusOfRow(row), count: countOf(row.count) })) ?? null;
  const byProduct = report.orders_by_product;
  const products = byProduct
    ? productKinds.map(({ kind, title, short }) => ({
        kind,
        title,
        short,
        rows: (byProduct[kind] ?? [])
          .map((p) => ({ id: p.id, name: p.name?.trim() || 'Unnamed product', count: countOf(p.count) }))
          // Busiest first, as the service sends them; the sort keeps that true whatever it sends.
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      }))
    : null;
  return {
    dateRange: report.date_range?.trim() || null,
    totalOrders: typeof report.total_orders === 'number' ? report.total_orders : null,
    statuses,
    products,
  };
}

/** The sum over the status rows: equals the total when the service counted both the same way. */
export function statusSum(rows: readonly StatusRow[]): number {
  return rows.reduce((sum, row) => sum + row.count, 0);
}

/** How many products a chart (and its table) shows: the busiest. The CSV has every product the service sent. */
export const CHART_PRODUCTS = 10;

export function topProducts(group: ProductGroup): ProductRow[] {
  return group.rows.slice(0, CHART_PRODUCTS);
}

/** Whether anything at all was counted (an empty range shows a sentence instead of empty charts). */
export function isEmptyReport(view: ReportView): boolean {
  const noTotal = view.totalOrders === null || view.totalOrders === 0;
  const noStatus = view.statuses === null || statusSum(view.statuses) === 0;
  const noProducts = view.products === null || view.products.every((g) => g.rows.length === 0);
  return noTotal && noStatus && noProducts;
}
