// A prescriber's change or cancellation of a prescription, played by a trainer (training.changePrescription and
// training.cancelPrescription): the prescription's stored fields change in the request's one transaction, its
// updated_at moves to the service clock, and a cancellation sends prescription.cancelled as the simulation's does.
// Decision: a change sends no event, since the service's catalogue has none for it (service-facts "Values"); a station
// learns of it by reading the prescription again (the digest of what a pharmacist reviewed no longer matches).
import type { z } from 'zod';
import type { prescriptionCancelBody, prescriptionChangeBody } from '../../../contract/service/prescription-changes.ts';
import type { Db } from '../../database/db.ts';
import { docOf } from '../../database/records.ts';
import { emitPrescriptionCancelled } from '../../delivery/emit.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { prescriptionView, resolvePrescription } from '../prescriptions/prescriptions-repository.ts';
import type { PrescriptionDoc, PrescriptionRow } from '../prescriptions/views.ts';
import type { ProductRow } from '../products/products-repository.ts';

type ChangeBody = z.output<typeof prescriptionChangeBody>;
type CancelBody = z.output<typeof prescriptionCancelBody>;

/** A prescription that may still change: refused (409) once it is cancelled. */
function changeable(db: Db, prescriptionId: string, what: string): PrescriptionRow {
  const row = resolvePrescription(db, prescriptionId);
  if (row.status === 'cancelled') {
    throw conflict(`Prescription ${row.id} is cancelled and cannot be ${what}.`, { prescription_id: row.id });
  }
  return row;
}

/** The prescription product a change names, or a clear refusal. */
function productFor(db: Db, productId: string): ProductRow {
  const product = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', productId.toLowerCase());
  if (!product) throw notFound('product', productId);
  if (product.kind !== 'prescription') {
    const message = `Product ${product.sku} is not a prescription product; a prescription names a prescription product.`;
    throw badRequest(message, [{ field: 'body.prescription_product_id', message }]);
  }
  return product;
}

/**
 * Fills remaining after the change: as given, or, when only the refills change, moved by as many as the refills moved
 * (never below zero). Either way never more than the refills plus the first fill.
 */
function fillsRemaining(doc: PrescriptionDoc, body: ChangeBody): number | undefined {
  const refills = body.refills ?? doc.refills ?? 0;
  let fills = body.fills_remaining;
  if (fills === undefined && body.refills !== undefined) {
    fills = Math.max(0, (doc.fills_remaining ?? refills + 1) + (body.refills - (doc.refills ?? 0)));
  }
  if (fills !== undefined && fills > refills + 1) {
    const message = `fills_remaining ${fills} is more than the ${refills} refills plus the first fill.`;
    throw badRequest(message, [{ field: 'body.fills_remaining', message }]);
  }
  return fills;
}

/** Changes what the prescriber changed; answers the prescription as it is now. */
export function changePrescription(db: Db, prescriptionId: string, body: ChangeBody, now: Date) {
  const row = changeable(db, prescriptionId, 'changed');
  const doc = docOf<PrescriptionDoc>(row);
  const product = body.prescription_product_id ? productFor(db, body.prescription_product_id) : null;
  const strength = product ? docOf<{ strength?: string }>(product).strength : undefined;
  const fills = fillsRemaining(doc, body);
  const next: PrescriptionDoc = {
    ...doc,
    ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
    ...(body.days_supply !== undefined ? { days_supply: body.days_supply } : {}),
    ...(body.directions !== undefined ? { directions: body.directions } : {}),
    ...(body.sig !== undefined ? { sig: body.sig } : {}),
    ...(body.refills !== undefined ? { refills: body.refills } : {}),
    ...(fills !== undefined ? { fills_remaining: fills } : {}),
    ...(strength ? { strength } : {}),
    ...(product?.product_code ? { product_code: product.product_code, product_code_type: 'ndc' } : {}),
  };
  const at = now.toISOString();
  db.run(
    'UPDATE prescriptions SET doc = ?, prescription_product_id = ?, updated_at = ? WHERE id = ?',
    JSON.stringify(next),
    product?.id ?? row.prescription_product_id,
    at,
    row.id,
  );
  return prescriptionView(db, resolvePrescription(db, row.id));
}

/** Cancels the prescription (its reason kept) and sends prescription.cancelled; answers it as it is now. */
export function cancelPrescription(db: Db, prescriptionId: string, body: CancelBody, now: Date) {
  const row = changeable(db, prescriptionId, 'cancelled again');
  const at = now.toISOString();
  const doc: PrescriptionDoc & { cancellation_reason?: string } = {
    ...docOf<PrescriptionDoc>(row),
    ...(body?.reason ? { cancellation_reason: body.reason } : {}),
  };
  db.run(
    "UPDATE prescriptions SET status = 'cancelled', doc = ?, updated_at = ? WHERE id = ?",
    JSON.stringify(doc),
    at,
    row.id,
  );
  emitPrescriptionCancelled(db, row.id, now);
  return prescriptionView(db, resolvePrescription(db, row.id));
}
