// Prescriptions: prescription items, electronic prescriptions, the composite creation, and their operations.
import { z } from 'zod';
import {
  date,
  id,
  maybe,
  pageQuery,
  prefixed,
  queryBool,
  recordStamps,
  statusText,
  timestamp,
  uuid,
} from './common.ts';
import { defineOperation } from './operation.ts';
import { patient } from './patient-schemas.ts';
import { prescriber } from './prescribers.ts';
import { compositeBody, electronicPrescriptionCreateBody } from './prescription-requests.ts';
import { prescriptionProduct } from './products.ts';
import { dateOrTimestamp, personNameFields } from './shared-fields.ts';

export * from './prescription-requests.ts';

/** Prescription statuses (spec §3; the statuses operation returns them). Transitions are not shown in the spec. */
export const prescriptionStatusValues = [
  'new',
  'reviewed',
  'verified',
  'exception',
  'cancelled',
  'filled',
  'completed',
] as const;
export type PrescriptionStatus = (typeof prescriptionStatusValues)[number];

// ---- Responses (loose) ----

/** The records a prescription item links to. */
const itemLinks = {
  customer_id: maybe(id),
  electronic_prescription_id: maybe(id),
  patient_id: maybe(id),
  prescriber_id: maybe(id),
  prescription_product_id: maybe(id),
};

/** The medication as the prescriber wrote it. */
const medicationAsWritten = {
  description: maybe(z.string()),
  directions: maybe(z.string()),
  drug_name: maybe(z.string()),
  name: maybe(z.string()),
  notes: maybe(z.string()),
  sig: maybe(z.string()),
  strength: maybe(z.string()),
};

/** How much, how often and how long, as written. `days_supply` comes from the real service. */
const supplyAsWritten = {
  quantity: maybe(z.number()),
  refills: maybe(z.number()),
  fills_remaining: maybe(z.number()),
  days_supply: maybe(z.number()),
  substitution_allowed: maybe(z.boolean()),
  units: maybe(z.string()),
};

/** One medication as prescribed. */
export const prescriptionItem = z.looseObject({
  id,
  ...itemLinks,
  created_at: maybe(timestamp),
  updated_at: maybe(timestamp),
  ...medicationAsWritten,
  serial_number: maybe(z.string()),
  product_code: maybe(z.string()),
  product_code_type: maybe(z.string()),
  ...supplyAsWritten,
  expires_at: maybe(dateOrTimestamp),
  written_at: maybe(dateOrTimestamp),
  status: maybe(statusText),
});
export type PrescriptionItem = z.infer<typeof prescriptionItem>;

/** How the prescribing system sends a person's email and telephone (flat, prefixed `patient_` or `prescriber_`). */
const sentContact = { email: maybe(z.string()), primary_telephone: maybe(z.string()) };

/** How the prescribing system sends a person's address (flat, prefixed; the prescriber's postal code comes apart). */
const sentAddressLines = {
  address_line_1: maybe(z.string()),
  address_line_2: maybe(z.string()),
  city: maybe(z.string()),
  state_province: maybe(z.string()),
};

/** An electronic prescription with the patient and prescriber as the prescribing system sent them. */
export const electronicPrescription = z.looseObject({
  ...recordStamps,
  customer_id: maybe(id),
  patient_id: maybe(id),
  prescriber_id: maybe(id),
  source: maybe(z.string()),
  type: maybe(z.string()),
  reference_number: maybe(z.string()),
  prescriptions: maybe(z.array(prescriptionItem)),
  ...prefixed('patient', personNameFields),
  patient_gender: maybe(z.string()),
  patient_dob: maybe(date),
  ...prefixed('patient', sentContact),
  patient_identifier: maybe(z.string()),
  ...prefixed('patient', sentAddressLines),
  ...prefixed('prescriber', personNameFields),
  ...prefixed('prescriber', sentContact),
  prescriber_npi: maybe(z.string()),
  ...prefixed('prescriber', sentAddressLines),
  prescriber_postal_code: maybe(z.string()),
});
export type ElectronicPrescription = z.infer<typeof electronicPrescription>;

/** One prescription with, when asked for (`include_all`), its patient, prescriber, product and electronic prescription. */
export const prescriptionDetail = prescriptionItem.extend({
  patient: maybe(patient),
  prescriber: maybe(prescriber),
  product: maybe(prescriptionProduct),
  electronic_prescription: maybe(electronicPrescription),
});
export type PrescriptionDetail = z.infer<typeof prescriptionDetail>;

/** What the composite creation did with one entity: its id, and whether it was created or only referenced. */
export const compositeEntityResult = z.looseObject({ id, created: maybe(z.boolean()) });

/** The composite answer: a key for each entity given in the request, and a summary. */
export const compositeResult = z.looseObject({
  electronic_prescription: compositeEntityResult.optional(),
  order: compositeEntityResult.optional(),
  patient: compositeEntityResult.optional(),
  prescriber: compositeEntityResult.optional(),
  summary: maybe(
    z.looseObject({
      entities_created: maybe(z.number()),
      entities_referenced: maybe(z.number()),
    }),
  ),
});
export type CompositeResult = z.infer<typeof compositeResult>;

// ---- Operations ----

/** A filter by a linked record: its UUID, or the literal `null` for prescriptions that have none yet. */
const linkFilter = z.union([uuid, z.literal('null')]);

/** One status or a comma-separated list; only the form is checked, like the order status filter. */
const statusFilter = z
  .string()
  .max(500)
  .regex(/^[a-z_]+(,[a-z_]+)*$/, 'a status or a comma-separated list of statuses');

export const prescriptionsOperations = {
  statuses: defineOperation({
    name: 'prescriptions.statuses',
    method: 'GET',
    path: '/api/v1/prescriptions/statuses',
    response: z.array(statusText),
    source: 'spec',
    summary: 'List the prescription statuses',
  }),
  list: defineOperation({
    name: 'prescriptions.list',
    method: 'GET',
    path: '/api/v1/prescriptions',
    query: z.strictObject({
      ...pageQuery,
      status: statusFilter.optional(),
      patient_id: linkFilter.optional(),
      prescriber_id: linkFilter.optional(),
      prescription_product_id: linkFilter.optional(),
    }),
    response: z.array(prescriptionItem),
    paginated: true,
    source: 'facts',
    summary: 'List prescriptions, filtered by status, patient, prescriber or product',
  }),
  get: defineOperation({
    name: 'prescriptions.get',
    method: 'GET',
    path: '/api/v1/prescriptions/{prescription_id}',
    params: z.strictObject({ prescription_id: uuid }),
    query: z.strictObject({ include_all: queryBool.optional() }),
    response: prescriptionDetail,
    source: 'facts',
    summary: 'Get one prescription, optionally with its patient, prescriber, product and electronic prescription',
  }),
  getElectronic: defineOperation({
    name: 'prescriptions.getElectronic',
    method: 'GET',
    path: '/api/v1/prescriptions/electronic_prescriptions/{electronic_prescription_id}',
    params: z.strictObject({ electronic_prescription_id: uuid }),
    response: electronicPrescription,
    source: 'spec',
    summary: 'Get one electronic prescription',
  }),
  createElectronic: defineOperation({
    name: 'prescriptions.createElectronic',
    method: 'POST',
    path: '/api/v1/prescriptions/electronic_prescriptions',
    body: electronicPrescriptionCreateBody,
    response: electronicPrescription,
    status: 201,
    source: 'facts',
    summary: 'Create an electronic prescription with one or more medications',
  }),
  composite: defineOperation({
    name: 'prescriptions.composite',
    method: 'POST',
    path: '/api/v1/prescriptions/electronic_prescriptions/composite',
    // force_new: always a new order, even when an open order of the patient could take it (default false: merge).
    query: z.strictObject({ force_new: queryBool.optional() }),
    body: compositeBody,
    response: compositeResult,
    status: 201,
    source: 'spec',
    summary: 'Create (or reference) patient, prescriber, order and electronic prescription at once; all or nothing',
  }),
};
