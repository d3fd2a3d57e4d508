// Reports: the orders report for a date range, with its comma-listed `include` parameter.
import { z } from 'zod';
import { id, maybe, requestDate, statusText } from './common.ts';
import { defineOperation } from './operation.ts';

/** The parts of the orders report a caller can ask for. */
export const reportIncludeField = z.enum(['status', 'count', 'products']);
export type ReportIncludeField = z.infer<typeof reportIncludeField>;

/** `include` arrives as `status,count`; each item is checked, duplicates are dropped. */
export const reportInclude = z
  .string()
  .max(100)
  .transform((list) => [
    ...new Set(
      list
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ])
  .pipe(z.array(reportIncludeField).min(1));

/** Decision: a range whose start is after its end is refused rather than answered empty. */
export const ordersReportQuery = z
  .strictObject({
    start_date: requestDate.optional(),
    end_date: requestDate.optional(),
    include: reportInclude.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'start_date is after end_date',
    path: ['start_date'],
  });
export type OrdersReportQuery = z.input<typeof ordersReportQuery>;

export const productCount = z.looseObject({
  id,
  name: maybe(z.string()),
  count: maybe(z.number()),
});

/**
 * One status's count. The spec names the status `status`; the real service sends `status_code` and `status_name`
 * (N01, Received) per row: any of the three may come, and the station shows the name the service gives.
 */
export const ordersByStatusRow = z.looseObject({
  status: maybe(statusText),
  status_code: maybe(z.string()),
  status_name: maybe(z.string()),
  count: maybe(z.number()),
});
export type OrdersByStatusRow = z.infer<typeof ordersByStatusRow>;

/** `date_range` is the range the service counted, as it says it (it may differ from the range asked for). */
export const ordersReport = z.looseObject({
  date_range: maybe(z.string()),
  total_orders: maybe(z.number()),
  orders_by_status: maybe(z.array(ordersByStatusRow)),
  orders_by_product: maybe(
    z.looseObject({
      prescription: maybe(z.array(productCount)),
      non_prescription: maybe(z.array(productCount)),
      order_material: maybe(z.array(productCount)),
    }),
  ),
});
export type OrdersReport = z.infer<typeof ordersReport>;

export const reportsOperations = {
  orders: defineOperation({
    name: 'reports.orders',
    method: 'GET',
    path: '/api/v1/reports/orders',
    query: ordersReportQuery,
    response: ordersReport,
    source: 'spec',
    summary: 'Report orders by status and by product for a date range',
  }),
};
