// Reading orders: by any of their identifiers, as the contract's Order (patient, products, shipments embedded), and in pages.
import type { Order } from '../../../contract/service/orders.ts';
import type { Db, SqlValue } from '../../database/db.ts';
import { bool, customerId, docOf, isUuid } from '../../database/records.ts';
import { notFound } from '../../http/errors.ts';
import { type Paged, type PageRequest, paged } from '../../http/handler.ts';
import { type PatientRow, patientView } from '../patients/patients-repository.ts';
import { type ProductRow, productView } from '../products/products-repository.ts';
import { statusFields } from './lifecycle.ts';
import type { OrderDoc, OrderRow } from './rows.ts';

/**
 * An order by UUID, order number or external id (spec §2), in that order of precedence: an external id that happens
 * to equal another order's number finds that other order, so clients should name orders by UUID when in doubt.
 */
export function findOrder(db: Db, key: string): OrderRow | undefined {
  if (isUuid(key)) {
    const byId = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', key.toLowerCase());
    if (byId) return byId;
  }
  return (
    db.get<OrderRow>('SELECT * FROM orders WHERE order_number = ?', key) ??
    db.get<OrderRow>('SELECT * FROM orders WHERE external_id = ?', key)
  );
}

/** Like findOrder, but an unknown key is a 404 naming it. */
export function resolveOrder(db: Db, key: string): OrderRow {
  const row = findOrder(db, key);
  if (!row) throw notFound('order', key);
  return row;
}

/** The order row by its UUID (after a write, to answer the stored state). */
export function orderRowById(db: Db, id: string): OrderRow {
  const row = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', id);
  if (!row) throw notFound('order', id);
  return row;
}

type ItemRow = ProductRow & { quantity: number };
type ProductLine = ReturnType<typeof productView> & { quantity: number };

interface ShipmentRow {
  id: string;
  carrier: string | null;
  service_level: string | null;
  status: string;
  tracking_number: string | null;
  tracking_url: string | null;
  delivered_at: string | null;
  created_at: string;
}

/**
 * The full Order the contract shows. Each part is one indexed query: the patient by primary key, the items with their
 * products, shipments, replacement orders and the linked electronic prescriptions with their prescription counts.
 * `now` is the service clock, for the patient's is_minor (the wall clock when left out).
 */
export function orderView(db: Db, row: OrderRow, now?: Date): Order {
  const doc = docOf<OrderDoc>(row);
  const patientRow = row.patient_id
    ? db.get<PatientRow>('SELECT * FROM patients WHERE id = ?', row.patient_id)
    : undefined;

  const products: { prescription: ProductLine[]; non_prescription: ProductLine[]; order_material: ProductLine[] } = {
    prescription: [],
    non_prescription: [],
    order_material: [],
  };
  const items = db.all<ItemRow>(
    `SELECT p.*, i.quantity FROM order_items i JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ? ORDER BY i.rowid`,
    row.id,
  );
  for (const item of items) products[item.kind].push({ ...productView(item), quantity: item.quantity });

  const shipments = db
    .all<ShipmentRow>('SELECT * FROM shipments WHERE order_id = ? ORDER BY created_at, rowid', row.id)
    .map((s) => ({
      id: s.id,
      created_at: s.created_at,
      delivered_at: s.delivered_at,
      carrier: s.carrier,
      service_level: s.service_level,
      status: s.status,
      tracking_number: s.tracking_number,
      tracking_url: s.tracking_url,
    }));
  const replacements = db.all<{ id: string }>(
    'SELECT id FROM orders WHERE original_order_id = ? ORDER BY created_at, rowid',
    row.id,
  );
  const prescriptions = db.all<{ id: string; items: number }>(
    `SELECT e.id, (SELECT COUNT(*) FROM prescriptions p WHERE p.electronic_prescription_id = e.id) AS items
       FROM electronic_prescriptions e WHERE e.order_id = ? ORDER BY e.created_at, e.rowid`,
    row.id,
  );

  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    order_number: row.order_number,
    external_id: row.external_id,
    customer_id: customerId(db),
    ...statusFields(row.status),
    paused_until: row.paused_until,
    address: doc.address ?? null,
    shipping: doc.shipping ?? null,
    custom_shipping: doc.custom_shipping ?? null,
    shipments,
    patient: patientRow ? patientView(db, patientRow, now) : null,
    prescription_count: prescriptions.reduce((sum, e) => sum + e.items, 0),
    priority_requested: bool(row.priority_requested),
    cancellation_requested: bool(row.cancellation_requested),
    is_replacement: bool(row.is_replacement),
    original_order_id: row.original_order_id,
    replacement_order_ids: replacements.map((r) => r.id),
    replacement_reason: doc.replacement_reason ?? null,
    replacement_requested: bool(row.replacement_requested),
    replacement_request_status: row.replacement_request_status,
    replacement_requested_at: row.replacement_requested_at,
    replacement_requested_reason: doc.replacement_requested_reason ?? null,
    // Not in the spec's Order (the loose contract passes them through): why a replacement was refused, and why the
    // order is stuck, while it is.
    replacement_rejected_reason: doc.replacement_rejected_reason ?? null,
    stuck_reason: doc.stuck_reason ?? null,
    stuck_reason_code: doc.stuck_reason_code ?? null,
    stuck_at: doc.stuck_at ?? null,
    products,
    electronic_prescription_ids: prescriptions.map((e) => e.id),
  };
}

export interface OrderFilter {
  patientId?: string;
  statuses?: string[];
  /** true: only orders with a prescription item not matched to a product; false: only orders without one. */
  hasUnmatchedPrescriptions?: boolean;
}

/** Orders whose electronic prescriptions hold an item with no prescription product (driven by the product index). */
const UNMATCHED = `SELECT e.order_id FROM prescriptions p
  JOIN electronic_prescriptions e ON e.id = p.electronic_prescription_id
  WHERE p.prescription_product_id IS NULL AND e.order_id IS NOT NULL`;

/** One page of orders, newest first, with the total across pages. `now`: as for orderView. */
export function listOrders(db: Db, filter: OrderFilter, page: PageRequest, now?: Date): Paged<Order> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.patientId !== undefined) {
    where.push('o.patient_id = ?');
    params.push(filter.patientId);
  }
  if (filter.statuses !== undefined) {
    const statuses = [...new Set(filter.statuses)];
    if (statuses.length === 0) return paged([], 0);
    where.push(`o.status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (filter.hasUnmatchedPrescriptions === true) where.push(`o.id IN (${UNMATCHED})`);
  if (filter.hasUnmatchedPrescriptions === false) where.push(`o.id NOT IN (${UNMATCHED})`);
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = (db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM orders o ${clause}`, ...params) as { n: number }).n;
  const rows =
    page.offset >= total
      ? []
      : db.all<OrderRow>(
          `SELECT o.* FROM orders o ${clause} ORDER BY o.created_at DESC, o.rowid DESC LIMIT ? OFFSET ?`,
          ...params,
          page.pageSize,
          page.offset,
        );
  return paged(
    rows.map((row) => orderView(db, row, now)),
    total,
  );
}
