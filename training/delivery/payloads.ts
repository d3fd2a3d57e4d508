// What an event carries: `data` for orders and prescriptions (id, a deep link, the summary fields), and the deep-link base.
import { orderStatuses } from '../../contract/service/orders.ts';
import type { Db } from '../database/db.ts';

/** An event's `data`: at least id and a deep link; the rest depends on the event (service-facts "Values"). */
export interface EventData {
  id: string;
  url: string;
  [field: string]: unknown;
}

/**
 * Decision: the training service has no dashboard, so its deep links point at a host that can never resolve
 * (`.invalid`, RFC 2606) unless the service is given `dashboardUrl`. Receivers read the record from `id`.
 */
export const DEFAULT_DASHBOARD_URL = 'https://dashboard.training.invalid';

const linkBases = new WeakMap<Db, string>();

/** Sets the base of deep links for events of this database (the service does this from its options). */
export function setDashboardUrl(db: Db, base: string): void {
  linkBases.set(db, base.replace(/\/+$/, ''));
}

/** `<base>/<kind>/<id>`: the deep link to a record. */
export function deepLink(db: Db, kind: 'orders' | 'prescriptions', id: string): string {
  return `${linkBases.get(db) ?? DEFAULT_DASHBOARD_URL}/${kind}/${encodeURIComponent(id)}`;
}

const statusByValue = new Map<string, { code: string; name: string }>(orderStatuses.map((s) => [s.status, s]));

interface OrderEventRow {
  id: string;
  order_number: string;
  external_id: string | null;
  status: string;
  first_name: string | null;
  last_name: string | null;
}

interface ShipmentRow {
  carrier: string | null;
  service_level: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

/** An order event's data: id, url, order_number, first_name, last_name, status_code, status_name, and the shipment. */
export function orderEventData(db: Db, orderId: string): EventData {
  const row = db.get<OrderEventRow>(
    `SELECT o.id, o.order_number, o.external_id, o.status, p.first_name, p.last_name
       FROM orders o LEFT JOIN patients p ON p.id = o.patient_id WHERE o.id = ?`,
    orderId,
  );
  if (!row) throw new Error(`an event names order ${orderId}, which does not exist`);
  const status = statusByValue.get(row.status);
  const shipment = db.get<ShipmentRow>(
    `SELECT carrier, service_level, tracking_number, tracking_url FROM shipments
      WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    orderId,
  );
  return {
    id: row.id,
    url: deepLink(db, 'orders', row.id),
    order_number: row.order_number,
    external_id: row.external_id,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    status_code: status?.code ?? null,
    status_name: status?.name ?? null,
    ...(shipment ? { shipment } : {}),
  };
}

interface PrescriptionEventRow {
  id: string;
  status: string;
  drug_name: string | null;
  first_name: string | null;
  last_name: string | null;
  order_id: string | null;
  order_number: string | null;
}

/** A prescription event's data: id, url, status, the drug, the patient's name and the order it belongs to. */
export function prescriptionEventData(db: Db, prescriptionId: string): EventData {
  const row = db.get<PrescriptionEventRow>(
    `SELECT pr.id, pr.status, pr.drug_name, p.first_name, p.last_name, o.id AS order_id, o.order_number
       FROM prescriptions pr
       LEFT JOIN patients p ON p.id = pr.patient_id
       LEFT JOIN electronic_prescriptions e ON e.id = pr.electronic_prescription_id
       LEFT JOIN orders o ON o.id = e.order_id
      WHERE pr.id = ?`,
    prescriptionId,
  );
  if (!row) throw new Error(`an event names prescription ${prescriptionId}, which does not exist`);
  return {
    id: row.id,
    url: deepLink(db, 'prescriptions', row.id),
    status: row.status,
    drug_name: row.drug_name,
    first_name: row.first_name,
    last_name: row.last_name,
    order_id: row.order_id,
    order_number: row.order_number,
  };
}
