// Orders: the order record, its status lifecycle, shipments and status history, and the order operations.
import { z } from 'zod';
import { id, maybe, pageQuery, pathKey, queryBool, recordStamps, statusText, timestamp } from './common.ts';
import { defineOperation, noBody } from './operation.ts';
import { cancellationRequestBody, orderCreateBody, orderUpdateBody, replacementRequestBody } from './order-requests.ts';
import { patient } from './patient-schemas.ts';
import { orderProducts } from './products.ts';
import { address } from './shared-fields.ts';

export * from './order-requests.ts';

/**
 * The order lifecycle of the training service, with status codes and names.
 * N01 Received, P01 Data Entry and S01 are the real service's codes. Decision: the other codes are ours, and S01 is
 * named `Shipped` (the real service says `Shipping`) so that its name matches the spec's `shipped` status; clients key
 * on `status` or `status_code`, never on the name. The spec does not show the complete set or the transitions.
 */
export const orderStatuses = [
  { status: 'received', code: 'N01', name: 'Received' },
  { status: 'data_entry', code: 'P01', name: 'Data Entry' },
  { status: 'picked', code: 'PK01', name: 'Picked' },
  { status: 'verified', code: 'V01', name: 'Verified' },
  { status: 'shipped', code: 'S01', name: 'Shipped' },
  { status: 'delivered', code: 'D01', name: 'Delivered' },
  { status: 'paused', code: 'H01', name: 'Paused' },
  { status: 'cancelled', code: 'X01', name: 'Cancelled' },
] as const;
export type OrderStatus = (typeof orderStatuses)[number]['status'];
export const orderStatusValues = orderStatuses.map((s) => s.status) as readonly OrderStatus[];

// ---- Responses (loose) ----

export const shipment = z.looseObject({
  ...recordStamps,
  delivered_at: maybe(timestamp),
  carrier: maybe(z.string()),
  service_level: maybe(z.string()),
  status: maybe(statusText),
  tracking_number: maybe(z.string()),
  tracking_url: maybe(z.string()),
});
export type Shipment = z.infer<typeof shipment>;

/**
 * An order. Its identity is `id` and `order_number` (required: the station scans, opens and announces orders by them);
 * every other field is optional, so the client reads an order whatever else the service sends or leaves out.
 */
export const order = z.looseObject({
  ...recordStamps,
  order_number: z.string().min(1),
  external_id: maybe(z.string()),
  customer_id: maybe(id),
  status: maybe(statusText),
  status_code: maybe(z.string()),
  status_name: maybe(z.string()),
  paused_until: maybe(timestamp),
  address: maybe(address),
  custom_shipping: maybe(
    z.looseObject({
      label_url: maybe(z.string()),
      tracking_number: maybe(z.string()),
      tracking_url: maybe(z.string()),
      carrier: maybe(z.string()),
    }),
  ),
  shipping: maybe(
    z.looseObject({
      carrier: maybe(z.string()),
      service_level: maybe(z.string()),
      signature_confirmation: maybe(z.string()),
    }),
  ),
  shipments: maybe(z.array(shipment)),
  patient: maybe(patient),
  prescription_count: maybe(z.number()),
  priority_requested: maybe(z.boolean()),
  cancellation_requested: maybe(z.boolean()),
  is_replacement: maybe(z.boolean()),
  original_order_id: maybe(id),
  replacement_order_ids: maybe(z.array(id)),
  replacement_reason: maybe(z.string()),
  replacement_requested: maybe(z.boolean()),
  replacement_request_status: maybe(statusText),
  replacement_requested_at: maybe(timestamp),
  replacement_requested_reason: maybe(z.string()),
  products: maybe(orderProducts),
  electronic_prescription_ids: maybe(z.array(id)),
});
export type Order = z.infer<typeof order>;

/** One step of an order's history. It has no id; `duration` is how long the order stayed, in the service's format. */
export const orderStatusChange = z.looseObject({
  status_code: maybe(z.string()),
  status_name: maybe(z.string()),
  updated_at: maybe(timestamp),
  updated_by: maybe(id),
  updated_by_first_name: maybe(z.string()),
  updated_by_last_name: maybe(z.string()),
  duration: maybe(z.union([z.string(), z.number()])),
});
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

// ---- Operations ----

/**
 * A comma-separated list of statuses. Only the form is checked: the complete set is not public, so the client must not
 * refuse a status the real service knows.
 */
const statusList = z
  .string()
  .max(500)
  .regex(/^[a-z_]+(,[a-z_]+)*$/, 'a comma-separated list of statuses such as received,data_entry');

/** order_id accepts a UUID, an order number or an external id (spec §2). */
const orderParams = z.strictObject({ order_id: pathKey });

export const ordersOperations = {
  list: defineOperation({
    name: 'orders.list',
    method: 'GET',
    path: '/api/v1/orders',
    query: z.strictObject({
      ...pageQuery,
      status: statusList.optional(),
      has_unmatched_prescriptions: queryBool.optional(),
    }),
    response: z.array(order),
    paginated: true,
    source: 'spec',
    summary: 'List orders, filtered by status',
  }),
  get: defineOperation({
    name: 'orders.get',
    method: 'GET',
    path: '/api/v1/orders/{order_id}',
    params: orderParams,
    response: order,
    source: 'spec',
    summary: 'Get one order by UUID, order number or external id',
  }),
  create: defineOperation({
    name: 'orders.create',
    method: 'POST',
    path: '/api/v1/orders',
    // force_new: always a new order, even when an open order of the patient could take these products.
    query: z.strictObject({ force_new: queryBool.optional() }),
    body: orderCreateBody,
    response: order,
    status: 201,
    source: 'facts',
    summary: 'Create an order, or merge into an open order of the patient',
  }),
  update: defineOperation({
    name: 'orders.update',
    method: 'PUT',
    path: '/api/v1/orders/{order_id}',
    params: orderParams,
    // update_patient: also store the new address on the patient.
    query: z.strictObject({ update_patient: queryBool.optional() }),
    body: orderUpdateBody,
    response: order,
    source: 'facts',
    summary: "Update an order's address, shipping or external id",
  }),
  statusHistory: defineOperation({
    name: 'orders.statusHistory',
    method: 'GET',
    path: '/api/v1/orders/{order_id}/status_history',
    params: orderParams,
    response: z.array(orderStatusChange),
    source: 'facts',
    summary: 'List the status changes of an order',
  }),
  unpause: defineOperation({
    name: 'orders.unpause',
    method: 'PUT',
    path: '/api/v1/orders/{order_id}/unpause',
    params: orderParams,
    body: noBody,
    response: order,
    source: 'facts',
    summary: 'Resume a paused order',
  }),
  requestCancellation: defineOperation({
    name: 'orders.requestCancellation',
    method: 'PUT',
    path: '/api/v1/orders/{order_id}/request_cancellation',
    params: orderParams,
    body: cancellationRequestBody,
    response: order,
    source: 'facts',
    summary: 'Ask for an order to be cancelled (once per order)',
  }),
  requestReplacement: defineOperation({
    name: 'orders.requestReplacement',
    method: 'PUT',
    path: '/api/v1/orders/{order_id}/request_replacement',
    params: orderParams,
    body: replacementRequestBody,
    response: order,
    source: 'spec',
    summary: 'Ask for a replacement of an order',
  }),
};
