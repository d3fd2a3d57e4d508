// Electronic prescriptions and their prescription items: creating them (with product matching), finding and listing them.
import type { z } from 'zod';
import {
  type compositeElectronicPrescriptionBody,
  type PrescriptionStatus,
  prescriptionStatusValues,
} from '../../../contract/service/prescriptions.ts';
import type { Db, SqlValue } from '../../database/db.ts';
import { defined, docOf, newId } from '../../database/records.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { PatientRow } from '../patients/patients-repository.ts';
import type { PrescriberRow } from '../prescribers/prescribers-repository.ts';
import { type Medication, matchProduct } from './matching.ts';
import { patientSnapshot, prescriberSnapshot } from './snapshots.ts';
import type { ElectronicPrescriptionRow, PrescriptionDoc, PrescriptionRow } from './views.ts';

export { electronicPrescriptionView, prescriptionDetailView, prescriptionView } from './views.ts';

/** The electronic prescription's own fields (the create body has these plus patient, prescriber and order). */
export type ElectronicPrescriptionFields = z.output<typeof compositeElectronicPrescriptionBody>;

export interface ElectronicPrescriptionContext {
  now: Date;
  patientId: string | null;
  prescriberId: string | null;
  orderId: string | null;
}

const YEAR_MS = 365 * 86_400_000;

/**
 * Creates an electronic prescription with one prescription item per medication, each matched to a prescription
 * product when one fits (else unmatched: prescription_product_id null). Snapshots the patient and prescriber as they
 * are now. Runs inside the caller's transaction; answers the new id.
 */
export function createElectronicPrescription(
  db: Db,
  body: ElectronicPrescriptionFields,
  ctx: ElectronicPrescriptionContext,
): string {
  const patient = ctx.patientId ? db.get<PatientRow>('SELECT * FROM patients WHERE id = ?', ctx.patientId) : undefined;
  if (ctx.patientId && !patient) throw notFound('patient', ctx.patientId);
  const prescriber = ctx.prescriberId
    ? db.get<PrescriberRow>('SELECT * FROM prescribers WHERE id = ?', ctx.prescriberId)
    : undefined;
  if (ctx.prescriberId && !prescriber) throw notFound('prescriber', ctx.prescriberId);
  if (ctx.orderId) assertOrderTakes(db, ctx.orderId, ctx.patientId);

  const id = newId();
  const at = ctx.now.toISOString();
  const snapshot = { ...patientSnapshot(db, patient, ctx.now), ...prescriberSnapshot(db, prescriber) };
  db.run(
    `INSERT INTO electronic_prescriptions (id, patient_id, prescriber_id, order_id, source, type, reference_number, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    ctx.patientId,
    ctx.prescriberId,
    ctx.orderId,
    body.source ?? null,
    body.type ?? null,
    body.reference_number ?? null,
    JSON.stringify({ snapshot }),
    at,
    at,
  );
  const medications = body.medications ?? (body.medication ? [body.medication] : []);
  const restricted = new Set(docOf<{ restricted_product_ids?: string[] }>(prescriber ?? {}).restricted_product_ids);
  for (const [index, medication] of medications.entries()) {
    const field = body.medications ? `body.medications.${index}` : 'body.medication';
    const productId = matchProduct(db, medication, field);
    // A product the prescriber may not prescribe needs a pharmacist's decision before anything is filled.
    const status: PrescriptionStatus = productId && restricted.has(productId) ? 'exception' : 'new';
    insertPrescription(db, { id, ctx, medication, productId, status, at });
  }
  return id;
}

function insertPrescription(
  db: Db,
  item: {
    id: string;
    ctx: ElectronicPrescriptionContext;
    medication: Medication;
    productId: string | null;
    status: PrescriptionStatus;
    at: string;
  },
): void {
  const { medication: m, at } = item;
  const writtenAt = m.written_at ?? at;
  const doc: PrescriptionDoc = defined({
    name: m.name,
    description: m.description,
    directions: m.directions,
    sig: m.sig,
    strength: m.strength,
    quantity: m.quantity,
    units: m.units,
    refills: m.refills ?? 0,
    // Decision: the first fill plus every refill.
    fills_remaining: (m.refills ?? 0) + 1,
    days_supply: m.days_supply,
    // Decision: generic substitution is allowed unless the prescriber said otherwise (dispense as written).
    substitution_allowed: m.substitution_allowed ?? true,
    product_code: m.product_code,
    product_code_type: m.product_code_type,
    serial_number: m.serial_number,
    notes: m.notes,
  });
  db.run(
    `INSERT INTO prescriptions (id, electronic_prescription_id, patient_id, prescriber_id, prescription_product_id, status,
       drug_name, doc, written_at, expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    newId(),
    item.id,
    item.ctx.patientId,
    item.ctx.prescriberId,
    item.productId,
    item.status,
    m.drug_name,
    JSON.stringify(doc),
    writtenAt,
    m.expires_at ?? oneYearAfter(writtenAt),
    at,
    at,
  );
}

/** Decision: a prescription without an expiry expires one year after it was written (the common state rule). */
function oneYearAfter(written: string): string | null {
  const time = Date.parse(written);
  if (!Number.isFinite(time)) return null;
  const expires = new Date(time + YEAR_MS);
  return expires.getUTCFullYear() > 9999 ? null : expires.toISOString();
}

/** A prescription goes on its own patient's order, and only on an order that has not shipped or ended. */
function assertOrderTakes(db: Db, orderId: string, patientId: string | null): void {
  const order = db.get<{ patient_id: string | null; status: string; order_number: string }>(
    'SELECT patient_id, status, order_number FROM orders WHERE id = ?',
    orderId,
  );
  if (!order) throw notFound('order', orderId);
  if (patientId && order.patient_id && order.patient_id !== patientId) {
    throw conflict(`Order ${order.order_number} belongs to another patient than this prescription.`, {
      order_id: orderId,
    });
  }
  if (['shipped', 'delivered', 'cancelled'].includes(order.status)) {
    throw conflict(`Order ${order.order_number} is ${order.status} and takes no more prescriptions.`, {
      order_id: orderId,
    });
  }
}

// ---- Reading ----

export function resolveElectronicPrescription(db: Db, id: string): ElectronicPrescriptionRow {
  const row = db.get<ElectronicPrescriptionRow>(
    'SELECT * FROM electronic_prescriptions WHERE id = ?',
    id.toLowerCase(),
  );
  if (!row) throw notFound('electronic prescription', id);
  return row;
}

export function resolvePrescription(db: Db, id: string): PrescriptionRow {
  const row = db.get<PrescriptionRow>('SELECT * FROM prescriptions WHERE id = ?', id.toLowerCase());
  if (!row) throw notFound('prescription', id);
  return row;
}

export interface PrescriptionFilter {
  /** A comma-separated list of statuses. */
  status?: string;
  /** A UUID, or 'null' for prescriptions with no such link yet. */
  patient_id?: string;
  prescriber_id?: string;
  prescription_product_id?: string;
}

const LINK_FILTERS = ['patient_id', 'prescriber_id', 'prescription_product_id'] as const;

/** One page of prescriptions, newest first, and the total across pages. */
export function listPrescriptions(
  db: Db,
  filter: PrescriptionFilter,
  page: { pageSize: number; offset: number },
): { rows: PrescriptionRow[]; total: number } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.status !== undefined) {
    const statuses = [...new Set(filter.status.split(','))];
    const unknown = statuses.filter((s) => !(prescriptionStatusValues as readonly string[]).includes(s));
    if (unknown.length > 0) {
      const message = `Unknown prescription status ${JSON.stringify(unknown[0])}; use ${prescriptionStatusValues.join(', ')}.`;
      throw badRequest(message, [{ field: 'query.status', message }]);
    }
    where.push(`status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  for (const key of LINK_FILTERS) {
    const value = filter[key];
    if (value === undefined) continue;
    if (value === 'null') where.push(`${key} IS NULL`);
    else {
      where.push(`${key} = ?`);
      params.push(value.toLowerCase());
    }
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = (db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM prescriptions ${clause}`, ...params) as { n: number })
    .n;
  const rows =
    page.offset >= total
      ? []
      : db.all<PrescriptionRow>(
          `SELECT * FROM prescriptions ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
          ...params,
          page.pageSize,
          page.offset,
        );
  return { rows, total };
}
