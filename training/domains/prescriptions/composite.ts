// The parties of a prescription, each referenced or created: patient, prescriber and order; and the composite creation.
import type { z } from 'zod';
import type { orderCreateFields } from '../../../contract/service/order-requests.ts';
import type { patientRefOrNew } from '../../../contract/service/patient-schemas.ts';
import type {
  compositeBody,
  electronicPrescriptionCreateBody,
  prescriberRefOrNew,
} from '../../../contract/service/prescriptions.ts';
import type { Db } from '../../database/db.ts';
import { badRequest } from '../../http/errors.ts';
import { createOrder } from '../orders/create.ts';
import { resolveOrder } from '../orders/view.ts';
import { createPatient, type PatientCreate, resolvePatient } from '../patients/patients-repository.ts';
import { createPrescriber, type PrescriberCreate, resolvePrescriber } from '../prescribers/prescribers-repository.ts';
import { createElectronicPrescription } from './prescriptions-repository.ts';

// A type alias, not an interface: the contract's loose objects need an implicit index signature.
export type Outcome = { id: string; created: boolean };

export interface PartyContext {
  now: Date;
  userId: string | null;
  forceNew: boolean;
}

type PatientInput = z.output<typeof patientRefOrNew>;
type PrescriberInput = z.output<typeof prescriberRefOrNew>;
type OrderFields = z.output<typeof orderCreateFields>;
type OrderInput = NonNullable<z.output<typeof electronicPrescriptionCreateBody>['order']>;

/** New patient data creates a patient (a duplicate is the patients' 400); `{id}` or `{external_id}` references one. */
export function patientParty(db: Db, input: PatientInput, now: Date): Outcome {
  if ('first_name' in input) return { id: createPatient(db, input as PatientCreate, now), created: true };
  const key = 'id' in input ? input.id : (input as { external_id: string }).external_id;
  return { id: resolvePatient(db, key).id, created: false };
}

/** New prescriber data creates a prescriber (an NPI already on file is a 409); `{id}` or `{npi}` references one. */
export function prescriberParty(db: Db, input: PrescriberInput, now: Date): Outcome {
  if ('first_name' in input) return { id: createPrescriber(db, input as PrescriberCreate, now), created: true };
  const key = 'id' in input ? input.id : (input as { npi: string }).npi;
  return { id: resolvePrescriber(db, key).id, created: false };
}

/**
 * The order a prescription goes on: `{id}` references an existing order; new order fields create one for the
 * prescription's patient, or merge into that patient's open order (created: false) unless `forceNew`.
 * The patient is named once, beside the order: an order that names its own patient is refused.
 */
export function orderParty(db: Db, input: OrderInput, patientId: string | null, ctx: PartyContext): Outcome {
  if ('id' in input) return { id: resolveOrder(db, input.id).id, created: false };
  const fields = input as OrderFields;
  if (fields.patient !== undefined || fields.patient_id !== undefined) {
    const message = 'The order takes the patient given beside it; name the patient once, as `patient`.';
    throw badRequest(message, [{ field: 'body.order.patient', message }]);
  }
  const { patient: _patient, patient_id: _patientId, ...rest } = fields;
  return createOrder(db, { ...rest, patient_id: patientId }, ctx);
}

type CompositeInput = z.output<typeof compositeBody>;

export type CompositeResult = {
  patient?: Outcome;
  prescriber?: Outcome;
  order?: Outcome;
  electronic_prescription?: Outcome;
  summary: { entities_created: number; entities_referenced: number };
};

/**
 * The composite creation (spec §4): each part given is created or referenced, in the order patient, prescriber,
 * order, electronic prescription; the order goes to the patient, the electronic prescription to all three.
 * All or nothing: it runs in the request's transaction, and any refusal throws, rolling back every part.
 */
export function createComposite(db: Db, body: CompositeInput, ctx: PartyContext): CompositeResult {
  return db.transaction(() => {
    const result: CompositeResult = { summary: { entities_created: 0, entities_referenced: 0 } };
    if (body.patient) result.patient = patientParty(db, body.patient, ctx.now);
    if (body.prescriber) result.prescriber = prescriberParty(db, body.prescriber, ctx.now);
    if (body.order) result.order = orderParty(db, body.order, result.patient?.id ?? null, ctx);
    if (body.electronic_prescription) {
      const id = createElectronicPrescription(db, body.electronic_prescription, {
        now: ctx.now,
        patientId: result.patient?.id ?? null,
        prescriberId: result.prescriber?.id ?? null,
        orderId: result.order?.id ?? null,
      });
      result.electronic_prescription = { id, created: true };
    }
    for (const part of [result.patient, result.prescriber, result.order, result.electronic_prescription]) {
      if (!part) continue;
      if (part.created) result.summary.entities_created++;
      else result.summary.entities_referenced++;
    }
    return result;
  });
}
