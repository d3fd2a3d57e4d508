// The order operations: list, get, create (or merge), update, status history, unpause, cancellation and replacement requests.
import type { z } from 'zod';
import type { ordersOperations } from '../../../contract/service/orders.ts';
import type { patientRefOrNew } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';
import { docOf } from '../../database/records.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { createPatient, type PatientRow, resolvePatient, updatePatient } from '../patients/patients-repository.ts';
import { requestCancellation, requestReplacement, updateOrder } from './changes.ts';
import { createOrder } from './create.ts';
import { parseStatusFilter, statusHistoryView, transitionOrder } from './lifecycle.ts';
import type { OrderDoc } from './rows.ts';
import { listOrders, orderRowById, orderView, resolveOrder } from './view.ts';

type PatientRefOrNew = z.output<typeof patientRefOrNew>;

/** The patient of a new order: by id, by external id, or created from the data given (a duplicate is the spec's 400). */
export function patientForOrder(db: Db, patient: PatientRefOrNew, now: Date): string {
  if ('first_name' in patient) return createPatient(db, patient, now);
  if ('id' in patient) return resolvePatient(db, patient.id).id;
  const row = db.get<PatientRow>(
    'SELECT * FROM patients WHERE external_id = ? ORDER BY is_active DESC, created_at DESC LIMIT 1',
    patient.external_id,
  );
  if (!row) throw notFound('patient', patient.external_id);
  return row.id;
}

export function ordersHandlers(): Handlers<{ orders: typeof ordersOperations }>['orders'] {
  return {
    list({ db, query, page, now }) {
      const statuses = parseStatusFilter(query.status);
      return listOrders(
        db,
        {
          ...(statuses ? { statuses } : {}),
          ...(query.has_unmatched_prescriptions !== undefined
            ? { hasUnmatchedPrescriptions: query.has_unmatched_prescriptions }
            : {}),
        },
        page,
        now,
      );
    },
    get({ db, params, now }) {
      return orderView(db, resolveOrder(db, params.order_id), now);
    },
    create({ db, query, body, user, now }) {
      const { patient, patient_id, ...fields } = body;
      const patientId =
        patient_id !== undefined
          ? resolvePatient(db, patient_id).id
          : patientForOrder(db, patient as PatientRefOrNew, now);
      const { id } = createOrder(
        db,
        { ...fields, patient_id: patientId },
        { now, userId: user?.id ?? null, forceNew: query.force_new === true },
      );
      return orderView(db, orderRowById(db, id), now);
    },
    update({ db, params, query, body, user, now }) {
      const row = resolveOrder(db, params.order_id);
      const patientAddress = query.update_patient === true ? addressForPatient(row.patient_id, body.address) : null;
      updateOrder(db, row, body, { now, userId: user?.id ?? null });
      if (patientAddress && row.patient_id) {
        updatePatient(db, resolvePatient(db, row.patient_id), { address: patientAddress }, now);
      }
      return orderView(db, orderRowById(db, row.id), now);
    },
    statusHistory({ db, params, now }) {
      return statusHistoryView(db, resolveOrder(db, params.order_id).id, now);
    },
    unpause({ db, params, user, now }) {
      const row = resolveOrder(db, params.order_id);
      const from = docOf<OrderDoc>(row).paused_from;
      if (row.status !== 'paused' || !from) {
        throw conflict(`Order ${row.order_number} is ${row.status}, not paused; only a paused order can be unpaused.`);
      }
      transitionOrder(db, row.id, from, { now, userId: user?.id ?? null });
      return orderView(db, orderRowById(db, row.id), now);
    },
    requestCancellation({ db, params, body, user, now }) {
      const row = resolveOrder(db, params.order_id);
      requestCancellation(db, row, body.comments, { now, userId: user?.id ?? null });
      return orderView(db, orderRowById(db, row.id), now);
    },
    requestReplacement({ db, params, body, user, now }) {
      const row = resolveOrder(db, params.order_id);
      requestReplacement(db, row, body.reason, { now, userId: user?.id ?? null });
      return orderView(db, orderRowById(db, row.id), now);
    },
  };
}

/**
 * `update_patient=true`: the order's new address becomes the patient's home address too. Decision: it needs an
 * address in the body and an order with a patient (400 otherwise), rather than silently doing nothing.
 */
function addressForPatient<A>(patientId: string | null, address: A | undefined): A {
  if (address === undefined) {
    throw badRequest('update_patient=true copies the new address to the patient: send an address.');
  }
  if (patientId === null) throw badRequest('This order has no patient to copy the address to.');
  return address;
}
