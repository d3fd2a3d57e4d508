// Prescribers: the prescriber record, its practice addresses, licenses, credentials and supervision, and their operations.
import { z } from 'zod';
import { date, id, maybe, pathKey, recordStamps, requestDate, stateCode, timestamp } from './common.ts';
import { defineOperation, definePagedList } from './operation.ts';
import { address, driverLicense, emailAndPhone, personNameFields, zipCode } from './shared-fields.ts';

// ---- Request primitives ----

/** A National Provider Identifier: exactly 10 digits. */
export const npiNumber = z.string().regex(/^\d{10}$/, 'an NPI is 10 digits');

/** A phone number as the service stores it: 10 digits, no formatting. */
export const phoneDigits = z.string().regex(/^\d{10}$/, 'a phone number is 10 digits with no formatting');

/** A DEA registration number: two capital letters and 7 digits (the check digit is the registrar's concern). */
export const deaNumber = z.string().regex(/^[A-Z]{2}\d{7}$/, 'a DEA number is two capital letters and 7 digits');

const personName = z.string().trim().min(1).max(200);

// ---- Responses (loose) ----

/** A prescriber address (type `practice`); unlike patient addresses it carries its own stamps. */
export const prescriberAddress = address.extend(recordStamps);
export type PrescriberAddress = z.infer<typeof prescriberAddress>;

/** A state license. Creating one with a new number for the same state deactivates the old one (spec §3). */
export const qualification = z.looseObject({
  ...recordStamps,
  state: maybe(z.string()),
  license_number: maybe(z.string()),
  description: maybe(z.string()),
  expiration_date: maybe(z.union([date, timestamp])),
  is_active: maybe(z.boolean()),
});
export type Qualification = z.infer<typeof qualification>;

/** A credential (MD, NP, PA...). It has no id: the code is its key. */
export const credential = z.looseObject({
  credential_code: z.string().min(1),
  credential_name: maybe(z.string()),
});
export type Credential = z.infer<typeof credential>;

/** A product the prescriber may not prescribe. */
export const prescriberRestriction = z.looseObject({
  id,
  name: maybe(z.string()),
  sku: maybe(z.string()),
});
export type PrescriberRestriction = z.infer<typeof prescriberRestriction>;

/** The prescriber response. `gender` arrives in title case (`Male`) from the real service and is kept as sent. */
export const prescriber = z.looseObject({
  ...recordStamps,
  ...personNameFields,
  ...emailAndPhone,
  date_of_birth: maybe(date),
  gender: maybe(z.string()),
  npi: maybe(z.string()),
  dea: maybe(z.string()),
  spi: maybe(z.string()),
  ...driverLicense,
  is_active: maybe(z.boolean()),
  credential_npi: maybe(z.string()),
  addresses: maybe(z.array(prescriberAddress)),
  qualifications: maybe(z.array(qualification)),
  credentials: maybe(z.array(credential)),
  restrictions: maybe(z.array(prescriberRestriction)),
});
export type Prescriber = z.infer<typeof prescriber>;

/** One side of a supervision relationship. */
export const supervisionParty = z.looseObject({
  id,
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  npi: maybe(z.string()),
});

export const supervisionRelationship = z.looseObject({
  ...recordStamps,
  supervisor: maybe(supervisionParty),
  supervisee: maybe(supervisionParty),
});
export type SupervisionRelationship = z.infer<typeof supervisionRelationship>;

// ---- Requests (strict) ----

/** A practice address in a create request. Decision: street, city, state and ZIP are required to ship or call back. */
export const prescriberAddressBody = z.strictObject({
  address_1: z.string().trim().min(1).max(200),
  address_2: z.string().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  state: stateCode,
  zip_code: zipCode,
  country: z.string().min(2).max(60).optional(),
  type: z.literal('practice').optional(),
});

/**
 * A license in a request. Decision: state, license number and expiration date are required, because a pharmacist
 * must be able to see that the license is current for the state; description and is_active are optional.
 */
export const qualificationBody = z.strictObject({
  state: stateCode,
  license_number: z.string().trim().min(1).max(50),
  description: z.string().max(500).optional(),
  expiration_date: requestDate,
  is_active: z.boolean().optional(),
});
export type QualificationBody = z.input<typeof qualificationBody>;

/** A license update: any of the license fields, at least one. */
export const qualificationUpdateBody = qualificationBody
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'an update names at least one field');

/**
 * Creating a prescriber (also the `prescriber` of a composite creation with new data).
 * Decision: first_name, last_name and npi are required: a prescriber the pharmacy cannot identify by name and NPI
 * cannot be checked against the registry. Everything else, including qualifications, is optional.
 */
export const prescriberCreateBody = z.strictObject({
  first_name: personName,
  middle_name: z.string().max(200).optional(),
  last_name: personName,
  email: z.email().max(254).optional(),
  phone: phoneDigits.optional(),
  date_of_birth: requestDate.optional(),
  gender: z.string().min(1).max(50).optional(),
  npi: npiNumber,
  dea: deaNumber.optional(),
  spi: z.string().min(1).max(50).optional(),
  driver_license_number: z.string().min(1).max(50).optional(),
  driver_license_state: stateCode.optional(),
  is_active: z.boolean().optional(),
  addresses: z.array(prescriberAddressBody).max(20).optional(),
  qualifications: z.array(qualificationBody).max(60).optional(),
});
export type PrescriberCreateBody = z.input<typeof prescriberCreateBody>;

// ---- Operations ----

/** prescriber_id accepts a UUID or a 10-digit NPI (spec §2); both are plain strings in the path. */
const prescriberParams = z.strictObject({ prescriber_id: pathKey });

export const prescribersOperations = {
  list: definePagedList({
    name: 'prescribers.list',
    path: '/api/v1/prescribers',
    item: prescriber,
    source: 'spec',
    summary: 'List prescribers',
  }),
  create: defineOperation({
    name: 'prescribers.create',
    method: 'POST',
    path: '/api/v1/prescribers',
    body: prescriberCreateBody,
    response: prescriber,
    status: 201,
    source: 'facts',
    summary: 'Create a prescriber',
  }),
  get: defineOperation({
    name: 'prescribers.get',
    method: 'GET',
    path: '/api/v1/prescribers/{prescriber_id}',
    params: prescriberParams,
    response: prescriber,
    source: 'facts',
    summary: 'Get one prescriber by UUID or NPI',
  }),
  credentials: defineOperation({
    name: 'prescribers.credentials',
    method: 'GET',
    path: '/api/v1/prescribers/credentials',
    response: z.array(credential),
    source: 'spec',
    summary: 'List the credentials a prescriber may hold',
  }),
  supervisees: defineOperation({
    name: 'prescribers.supervisees',
    method: 'GET',
    path: '/api/v1/prescribers/{prescriber_id}/supervisees',
    params: prescriberParams,
    response: z.array(supervisionRelationship),
    source: 'spec',
    summary: 'List the prescribers a supervisor supervises',
  }),
  createQualification: defineOperation({
    name: 'prescribers.createQualification',
    method: 'POST',
    path: '/api/v1/prescribers/{prescriber_id}/qualifications',
    params: prescriberParams,
    body: qualificationBody,
    response: qualification,
    // Decision: 201 like every create; the spec does not show the code.
    status: 201,
    source: 'spec',
    summary: 'Add a state license; an older license for the same state is deactivated',
  }),
  updateQualification: defineOperation({
    name: 'prescribers.updateQualification',
    method: 'PUT',
    path: '/api/v1/prescribers/{prescriber_id}/qualifications/{qualification_id}',
    // qualification_id is a UUID or a two-letter state.
    params: z.strictObject({ prescriber_id: pathKey, qualification_id: pathKey }),
    body: qualificationUpdateBody,
    response: qualification,
    source: 'facts',
    summary: 'Update a state license by id or by state',
  }),
};
