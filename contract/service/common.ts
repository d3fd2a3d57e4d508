// Building blocks shared by every resource schema: identifiers, timestamps, query values, errors, pagination.
import { z } from 'zod';

// ---- Responses: tolerant. The real service sends zones or not, microseconds, title-case statuses, nulls. ----

/** A timestamp as the service sends it: with `Z`, with an offset, or with no zone; any fraction of a second. */
export const timestamp = z.iso.datetime({ offset: true, local: true });

/** A calendar date, YYYY-MM-DD. */
export const date = z.iso.date();

/** An identifier in a response. The spec says UUID; the client does not reject a record over its id's format. */
export const id = z.string().min(1);

/** A status as sent by either generation of the service (`received` or `Received`, `Data Entry`), normalised to snake_case. */
export const statusText = z
  .string()
  .min(1)
  .transform((s) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );

/** A field the service may omit or send as null. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/** Every stored record carries these (spec §2 Conventions). */
export const recordStamps = {
  id,
  created_at: maybe(timestamp),
  updated_at: maybe(timestamp),
};

/**
 * A shape's keys with a prefix, for the flat records that embed another: `prefixed('patient', { city })` is
 * `{ patient_city }`, typed so. Key order is the shape's.
 */
export type Prefixed<P extends string, S extends z.ZodRawShape> = { [K in keyof S & string as `${P}_${K}`]: S[K] };
export function prefixed<P extends string, S extends z.ZodRawShape>(prefix: P, shape: S): Prefixed<P, S> {
  // Object.fromEntries only knows string keys; the type above is what the entries are.
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [`${prefix}_${key}`, schema])) as Prefixed<
    P,
    S
  >;
}

/** A coded value as the service sends it beside its display name (`status_code`, `status_name` with a prefix). */
export const codeAndName = { code: maybe(z.string()), name: maybe(z.string()) };

// ---- Requests: strict. ----

/** A UUID in a request (path, body or query). */
export const uuid = z.uuid();

/** A path identifier that may be a UUID or another key (order number, external id, NPI): any non-empty string. */
export const pathKey = z.string().min(1).max(200);

/** A two-letter US state abbreviation. */
export const stateCode = z.string().regex(/^[A-Z]{2}$/, 'a two-letter state abbreviation in capitals');

/** A date in a request: YYYY-MM-DD. */
export const requestDate = z.iso.date();

/** A timestamp in a request: ISO 8601, with or without zone. */
export const requestTimestamp = timestamp;

/** A query integer: a number from typed callers, a digit string from a URL. */
export const queryInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,9}$/)
    .transform(Number),
]);

/** A query boolean: a boolean from typed callers, `true`/`false` from a URL. */
export const queryBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** page and page_size of every list operation (spec §8). page_size above 200 is clamped by the server, not refused. */
export const pageQuery = {
  page: queryInt.pipe(z.number().int().min(1)).optional(),
  page_size: queryInt.pipe(z.number().int().min(1)).optional(),
};

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

/** Response headers of every list operation (spec §8). */
export const paginationHeaders = {
  totalCount: 'X-Total-Count',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  totalPages: 'X-Total-Pages',
  remainingCount: 'X-Remaining-Count',
} as const;

/** Search `limit` (spec §8): default 50, at most 100. */
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_LIMIT_MAX = 100;

// ---- Errors (service-facts.md, decision): one body everywhere. ----

export const errorBody = z.looseObject({
  error: z.union([z.string(), z.number()]),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The duplicate-patient answer (spec §7.2): a 400 that names the existing patient. */
export const duplicatePatientBody = errorBody.extend({
  existing_patient_id: id,
  existing_patient_external_id: maybe(z.string()),
});
