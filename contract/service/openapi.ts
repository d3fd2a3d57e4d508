// The training service's self-description: an OpenAPI 3.1 document of the operations table, generated from this contract.
import { z } from 'zod';
import { defineOperation } from './operation.ts';

/** The document's outline; the paths themselves are whatever the table holds. */
export const openapiDocument = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenapiDocument = z.infer<typeof openapiDocument>;

export const openapiOperations = {
  /** Decision: no token needed, so any HTTP tool can load it first; it describes the interface, never data. */
  document: defineOperation({
    name: 'openapi.document',
    method: 'GET',
    path: '/api/v1/openapi.json',
    response: openapiDocument,
    auth: 'none',
    source: 'training',
    summary: 'The OpenAPI 3.1 description of every operation, generated from the contract',
  }),
};
