// The prescription operations: statuses, list, one (with include_all), electronic prescriptions, the composite creation.
import { prescriptionStatusValues, type prescriptionsOperations } from '../../../contract/service/prescriptions.ts';
import { type Handlers, paged } from '../../http/handler.ts';
import { createComposite, orderParty, patientParty, prescriberParty } from './composite.ts';
import {
  createElectronicPrescription,
  electronicPrescriptionView,
  listPrescriptions,
  prescriptionDetailView,
  prescriptionView,
  resolveElectronicPrescription,
  resolvePrescription,
} from './prescriptions-repository.ts';

export function prescriptionsHandlers(): Handlers<{ prescriptions: typeof prescriptionsOperations }>['prescriptions'] {
  return {
    statuses() {
      return [...prescriptionStatusValues];
    },
    list({ db, query, page }) {
      const { rows, total } = listPrescriptions(db, query, page);
      return paged(
        rows.map((row) => prescriptionView(db, row)),
        total,
      );
    },
    get({ db, params, query, now }) {
      const row = resolvePrescription(db, params.prescription_id);
      return query.include_all ? prescriptionDetailView(db, row, now) : prescriptionView(db, row);
    },
    getElectronic({ db, params }) {
      return electronicPrescriptionView(db, resolveElectronicPrescription(db, params.electronic_prescription_id));
    },
    createElectronic({ db, body, now, user }) {
      const patient = patientParty(db, body.patient, now);
      const prescriber = prescriberParty(db, body.prescriber, now);
      const ctx = { now, userId: user?.id ?? null, forceNew: false };
      const order = body.order ? orderParty(db, body.order, patient.id, ctx) : null;
      const id = createElectronicPrescription(db, body, {
        now,
        patientId: patient.id,
        prescriberId: prescriber.id,
        orderId: order?.id ?? null,
      });
      return electronicPrescriptionView(db, resolveElectronicPrescription(db, id));
    },
    composite({ db, body, query, now, user }) {
      return createComposite(db, body, { now, userId: user?.id ?? null, forceNew: query.force_new ?? false });
    },
  };
}
