// Patients: the patient operations, including risk factors and guardian relationship types.
import { z } from 'zod';
import { maybe, pathKey, uuid } from './common.ts';
import { defineOperation, definePagedList, noBody } from './operation.ts';
import { order } from './orders.ts';
import { patient, patientCreateBody, patientUpdateBody } from './patient-schemas.ts';
import {
  createdRiskFactors,
  patientRiskFactors,
  riskFactorBody,
  riskFactorMatch,
  riskFactorsBody,
  riskFactorTextAccepted,
  riskFactorTextBody,
  riskFactorType,
} from './risk-factors.ts';

export * from './patient-schemas.ts';
export * from './risk-factors.ts';

/** A guardian relationship type. Its fields are not public: plain strings (`parent`) or objects are both accepted. */
export const guardianRelationshipType = z.union([
  z.string(),
  z.looseObject({ code: maybe(z.string()), name: maybe(z.string()) }),
]);
export type GuardianRelationshipType = z.infer<typeof guardianRelationshipType>;

/** patient_id accepts a UUID or the client's external id (spec §2), everywhere. */
const patientParams = z.strictObject({ patient_id: pathKey });
const riskFactorParams = z.strictObject({ patient_id: pathKey, risk_factor_id: uuid });

export const patientsOperations = {
  list: definePagedList({
    name: 'patients.list',
    path: '/api/v1/patients',
    item: patient,
    source: 'facts',
    summary: 'List patients',
  }),
  create: defineOperation({
    name: 'patients.create',
    method: 'POST',
    path: '/api/v1/patients',
    body: patientCreateBody,
    response: patient,
    // Decision: 201. A duplicate of an active patient answers 400 with duplicatePatientBody (common.ts).
    status: 201,
    source: 'spec',
    summary: 'Create a patient, optionally with freeform risk factor text',
  }),
  get: defineOperation({
    name: 'patients.get',
    method: 'GET',
    path: '/api/v1/patients/{patient_id}',
    params: patientParams,
    response: patient,
    source: 'facts',
    summary: 'Get one patient by UUID or external id',
  }),
  update: defineOperation({
    name: 'patients.update',
    method: 'PUT',
    path: '/api/v1/patients/{patient_id}',
    params: patientParams,
    body: patientUpdateBody,
    response: patient,
    source: 'facts',
    summary: "Update a patient's details (partial)",
  }),
  guardianRelationshipTypes: defineOperation({
    name: 'patients.guardianRelationshipTypes',
    method: 'GET',
    path: '/api/v1/patients/guardian_relationship_types',
    response: z.array(guardianRelationshipType),
    source: 'facts',
    summary: 'List the relationships a guardian may have to a patient',
  }),
  orders: definePagedList({
    name: 'patients.orders',
    path: '/api/v1/patients/{patient_id}/orders',
    params: patientParams,
    item: order,
    source: 'facts',
    summary: "List a patient's orders",
  }),
  riskFactors: defineOperation({
    name: 'patients.riskFactors',
    method: 'GET',
    path: '/api/v1/patients/{patient_id}/risk_factors',
    params: patientParams,
    query: z.strictObject({ type: riskFactorType.optional() }),
    response: patientRiskFactors,
    source: 'facts',
    summary: "List a patient's risk factors, optionally of one type",
  }),
  createRiskFactors: defineOperation({
    name: 'patients.createRiskFactors',
    method: 'POST',
    path: '/api/v1/patients/{patient_id}/risk_factors',
    params: patientParams,
    body: riskFactorsBody,
    response: createdRiskFactors,
    status: 201,
    source: 'spec',
    summary: 'Add several risk factors to a patient',
  }),
  createRiskFactor: defineOperation({
    name: 'patients.createRiskFactor',
    method: 'POST',
    path: '/api/v1/patients/{patient_id}/risk_factor',
    params: patientParams,
    body: riskFactorBody,
    response: riskFactorMatch,
    status: 201,
    source: 'facts',
    summary: 'Add one risk factor to a patient',
  }),
  deactivateRiskFactor: defineOperation({
    name: 'patients.deactivateRiskFactor',
    method: 'DELETE',
    path: '/api/v1/patients/{patient_id}/risk_factors/{risk_factor_id}',
    params: riskFactorParams,
    response: riskFactorMatch,
    source: 'spec',
    summary: 'Deactivate a risk factor match (it is kept, with is_active false)',
  }),
  confirmRiskFactor: defineOperation({
    name: 'patients.confirmRiskFactor',
    method: 'PATCH',
    path: '/api/v1/patients/{patient_id}/risk_factors/{risk_factor_id}',
    params: riskFactorParams,
    body: noBody,
    response: riskFactorMatch,
    source: 'facts',
    summary: 'Confirm a risk factor match (matched, source manual)',
  }),
  parseRiskFactorText: defineOperation({
    name: 'patients.parseRiskFactorText',
    method: 'POST',
    path: '/api/v1/patients/{patient_id}/risk_factors/raw_text',
    params: patientParams,
    body: riskFactorTextBody,
    response: riskFactorTextAccepted,
    status: 201,
    source: 'spec',
    summary: 'Submit freeform risk factor text; it is parsed asynchronously',
  }),
};
