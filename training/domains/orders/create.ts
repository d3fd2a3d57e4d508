// Creating an order, or merging new products and prescriptions into the patient's open order.
import type { z } from 'zod';
import type { orderCreateFields } from '../../../contract/service/orders.ts';
import type { Db } from '../../database/db.ts';
import { defined, docOf, newId, nextCounter } from '../../database/records.ts';
import { emitOrderEvent } from '../../delivery/emit.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { type PatientDoc, patientById } from '../patients/patients-repository.ts';
import { findProduct, PRODUCT_KINDS } from '../products/products-repository.ts';
import { appendHistory, openStatuses } from './lifecycle.ts';
import type { OrderDoc, OrderRow, StoredAddress } from './rows.ts';

type OrderFields = z.output<typeof orderCreateFields>;

/**
 * A new order's fields with its patient already resolved. Decision: `patient_id` null makes a standalone order with
 * no patient; only the composite creation does that (the create operation requires a patient), and such an order
 * never merges.
 */
export type OrderInput = Omit<OrderFields, 'patient' | 'patient_id'> & { patient_id: string | null };

export interface CreateOrderContext {
  now: Date;
  userId: string | null;
  /** true: always a new order, even when the patient has an open order. */
  forceNew: boolean;
}

/** The first order number; numbers count up from here, one service-wide counter. */
export const FIRST_ORDER_NUMBER = 1000001;

/**
 * Creates an order, or merges into the patient's open order (received or data_entry, no cancellation requested,
 * not a replacement) unless `forceNew`. Merging adds quantities, links the prescriptions and overwrites the address
 * and shipping fields the input names. Decision: an open order with another external id is another client order, so
 * it does not take the merge. Runs inside the caller's transaction; any refusal throws before anything is left written.
 */
export function createOrder(db: Db, input: OrderInput, ctx: CreateOrderContext): { id: string; created: boolean } {
  return db.transaction(() => {
    const lines = resolveLines(db, input.products);
    const open = !ctx.forceNew && input.patient_id !== null ? openOrderOf(db, input) : undefined;
    if (input.external_id !== undefined) assertExternalIdFree(db, input.external_id, open?.id ?? null);
    const prescriptions = checkPrescriptions(db, input, open?.id ?? null);
    const at = ctx.now.toISOString();
    const id = open ? mergeInto(db, open, input, at) : insertOrder(db, input, ctx.userId, at);
    for (const [productId, quantity] of lines) {
      db.run(
        `INSERT INTO order_items (order_id, product_id, quantity) VALUES (?, ?, ?)
           ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity`,
        id,
        productId,
        quantity,
      );
    }
    for (const erxId of prescriptions) {
      db.run('UPDATE electronic_prescriptions SET order_id = ?, updated_at = ? WHERE id = ?', id, at, erxId);
    }
    if (open === undefined) emitOrderEvent(db, 'order.created', id, ctx.now);
    return { id, created: open === undefined };
  });
}

/** The product lines as product id -> total quantity; an unknown, inactive or misfiled product is a 400 naming it. */
function resolveLines(db: Db, products: OrderFields['products']): Map<string, number> {
  const lines = new Map<string, number>();
  for (const kind of PRODUCT_KINDS) {
    for (const [index, line] of (products?.[kind] ?? []).entries()) {
      const field = `body.products.${kind}.${index}`;
      const named =
        line.id !== undefined
          ? `id ${line.id}`
          : line.sku !== undefined
            ? `SKU ${JSON.stringify(line.sku.slice(0, 100))}`
            : `product code ${JSON.stringify((line.product_code ?? '').slice(0, 50))}`;
      const product = findProduct(db, line.id !== undefined ? { id: line.id.toLowerCase() } : line);
      if (!product) {
        const message = `No product with ${named}.`;
        throw badRequest(`Unknown product in products.${kind}: ${message}`, [{ field, message }]);
      }
      if (product.kind !== kind) {
        const message = `The product with ${named} is a ${product.kind} product; list it under products.${product.kind}.`;
        throw badRequest(message, [{ field, message }]);
      }
      if (product.is_active !== 1) {
        const message = `The product with ${named} (${product.name}) is inactive and cannot be ordered.`;
        throw badRequest(message, [{ field, message }]);
      }
      lines.set(product.id, (lines.get(product.id) ?? 0) + line.quantity);
    }
  }
  return lines;
}

/** The patient's newest open order that may take a merge. */
function openOrderOf(db: Db, input: OrderInput): OrderRow | undefined {
  const externalId = input.external_id ?? null;
  return db.get<OrderRow>(
    `SELECT * FROM orders
      WHERE patient_id = ? AND status IN (?, ?) AND cancellation_requested = 0 AND is_replacement = 0
        AND (? IS NULL OR external_id IS NULL OR external_id = ?)
      ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    input.patient_id,
    ...openStatuses,
    externalId,
    externalId,
  );
}

/** An external id names one order: taken by another order is a 409 naming the holder. */
export function assertExternalIdFree(db: Db, externalId: string, exceptOrderId: string | null): void {
  const holder = db.get<{ id: string; order_number: string }>(
    'SELECT id, order_number FROM orders WHERE external_id = ?',
    externalId,
  );
  if (holder && holder.id !== exceptOrderId) {
    throw conflict(`Order ${holder.order_number} already has the external id ${JSON.stringify(externalId)}.`, {
      existing_order_id: holder.id,
      existing_order_number: holder.order_number,
    });
  }
}

/**
 * The electronic prescriptions to link: each must exist (400 naming it), must not be linked to another order and must
 * not belong to another patient (409: a prescription goes with its own patient's order).
 */
function checkPrescriptions(db: Db, input: OrderInput, targetOrderId: string | null): string[] {
  const ids = [...new Set((input.electronic_prescription_ids ?? []).map((id) => id.toLowerCase()))];
  for (const id of ids) {
    const erx = db.get<{ patient_id: string | null; order_id: string | null }>(
      'SELECT patient_id, order_id FROM electronic_prescriptions WHERE id = ?',
      id,
    );
    if (!erx) {
      const message = `No electronic prescription with id ${id}.`;
      throw badRequest(message, [{ field: 'body.electronic_prescription_ids', message }]);
    }
    if (erx.order_id !== null && erx.order_id !== targetOrderId) {
      throw conflict(`Electronic prescription ${id} is already linked to another order.`, {
        electronic_prescription_id: id,
        order_id: erx.order_id,
      });
    }
    if (erx.patient_id !== null && input.patient_id !== null && erx.patient_id !== input.patient_id) {
      throw conflict(`Electronic prescription ${id} belongs to another patient than this order's.`, {
        electronic_prescription_id: id,
      });
    }
  }
  return ids;
}

/** An address as an order stores it. */
export function storedAddress(address: NonNullable<OrderFields['address']>): StoredAddress {
  return { id: newId(), ...defined(address), type: 'shipping' } as StoredAddress;
}

/** The doc of an order with the address and shipping fields the input names replaced. */
export function withShippingFields(
  doc: OrderDoc,
  input: Pick<OrderFields, 'address' | 'shipping' | 'custom_shipping'>,
) {
  const next: OrderDoc = { ...doc };
  if (input.address !== undefined) next.address = storedAddress(input.address);
  if (input.shipping !== undefined) next.shipping = defined(input.shipping);
  if (input.custom_shipping !== undefined) next.custom_shipping = defined(input.custom_shipping);
  return next;
}

function insertOrder(db: Db, input: OrderInput, userId: string | null, at: string): string {
  const id = newId();
  const orderNumber = String(nextCounter(db, 'order_number', FIRST_ORDER_NUMBER));
  const doc = withShippingFields({}, input);
  // Decision: with no address given, the order ships to the patient's home address (a copy: later changes to either
  // do not touch the other).
  if (!doc.address && input.patient_id !== null) {
    const home = patientById(db, input.patient_id);
    const address = home ? docOf<PatientDoc>(home).address : undefined;
    if (address) doc.address = storedAddress(address);
  }
  db.run(
    `INSERT INTO orders (id, order_number, external_id, patient_id, status, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'received', ?, ?, ?)`,
    id,
    orderNumber,
    input.external_id ?? null,
    input.patient_id,
    JSON.stringify(doc),
    at,
    at,
  );
  appendHistory(db, id, 'received', userId, at);
  return id;
}

function mergeInto(db: Db, open: OrderRow, input: OrderInput, at: string): string {
  const doc = withShippingFields(docOf<OrderDoc>(open), input);
  db.run(
    'UPDATE orders SET external_id = ?, doc = ?, updated_at = ? WHERE id = ?',
    input.external_id ?? open.external_id,
    JSON.stringify(doc),
    at,
    open.id,
  );
  return open.id;
}
