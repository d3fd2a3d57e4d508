// The patient operations: patients, their guardian relationship types, orders and risk factors.
import type { Order } from '../../../contract/service/orders.ts';
import type { patientsOperations } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';
import type { ServiceDeps } from '../../deps/service-deps.ts';
import type { Handlers, Paged, PageRequest } from '../../http/handler.ts';
import { paged } from '../../http/handler.ts';
import { guardianRelationshipTypes } from './guardian-types.ts';
import {
  createPatient,
  listPatients,
  type PatientRow,
  patientById,
  patientView,
  resolvePatient,
  updatePatient,
} from './patients-repository.ts';
import { storeRiskFactorTexts } from './risk-factor-texts.ts';
import {
  addRiskFactor,
  confirmRiskFactor,
  deactivateRiskFactor,
  listRiskFactors,
  riskFactorItemView,
  riskFactorOf,
  riskFactorView,
} from './risk-factors.ts';
import { createRiskFactorTextWorker } from './text-worker.ts';

/** One page of a patient's orders, listed by the orders domain and handed in, since orders import patients. */
export type PatientOrders = (db: Db, patientId: string, page: PageRequest, now: Date) => Paged<Order>;

export function patientsHandlers(
  deps: ServiceDeps,
  patientOrders: PatientOrders,
): Handlers<{ patients: typeof patientsOperations }>['patients'] {
  // Freeform text (this operation's, and patient create's) is parsed in the background, surviving a restart.
  const textWorker = createRiskFactorTextWorker(deps);
  deps.workers.push(textWorker);
  return {
    list({ db, page, now }) {
      const { rows, total } = listPatients(db, page);
      return paged(
        rows.map((row) => patientView(db, row, now)),
        total,
      );
    },
    create({ db, body, now }) {
      const id = createPatient(db, body, now);
      // Its risk_factors text, if any, is parsed right after this transaction commits.
      if (body.risk_factors) textWorker.wake();
      return patientView(db, patientById(db, id) as PatientRow, now);
    },
    get({ db, params, now }) {
      return patientView(db, resolvePatient(db, params.patient_id), now);
    },
    update({ db, params, body, now }) {
      const row = updatePatient(db, resolvePatient(db, params.patient_id), body, now);
      return patientView(db, row, now);
    },
    guardianRelationshipTypes() {
      return guardianRelationshipTypes.map((type) => ({ ...type }));
    },
    orders({ db, params, page, now }) {
      const patient = resolvePatient(db, params.patient_id);
      return patientOrders(db, patient.id, page, now);
    },
    riskFactors({ db, params, query }) {
      const patient = resolvePatient(db, params.patient_id);
      return listRiskFactors(db, patient.id, query.type).map(riskFactorView);
    },
    createRiskFactors({ db, params, body, now }) {
      const patient = resolvePatient(db, params.patient_id);
      const rows = body.map((item) => addRiskFactor(db, patient.id, item, now));
      return {
        allergies: rows.filter((row) => row.type === 'allergy').map(riskFactorItemView),
        conditions: rows.filter((row) => row.type === 'condition').map(riskFactorItemView),
        medications: rows.filter((row) => row.type === 'medication').map(riskFactorView),
      };
    },
    createRiskFactor({ db, params, body, now }) {
      const patient = resolvePatient(db, params.patient_id);
      return riskFactorView(addRiskFactor(db, patient.id, body, now));
    },
    deactivateRiskFactor({ db, params, now }) {
      const patient = resolvePatient(db, params.patient_id);
      return riskFactorView(deactivateRiskFactor(db, riskFactorOf(db, patient.id, params.risk_factor_id), now));
    },
    confirmRiskFactor({ db, params, now }) {
      const patient = resolvePatient(db, params.patient_id);
      return riskFactorView(confirmRiskFactor(db, riskFactorOf(db, patient.id, params.risk_factor_id), now));
    },
    parseRiskFactorText({ db, params, body, now }) {
      const patient = resolvePatient(db, params.patient_id);
      const ids = storeRiskFactorTexts(db, patient.id, body, now);
      textWorker.wake();
      return { risk_factor_text_ids: ids, status: 'processing' };
    },
  };
}
