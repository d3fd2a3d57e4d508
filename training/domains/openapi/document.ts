// The OpenAPI 3.1 document of an operations table, generated with zod's JSON Schema output: nothing here is written by hand per operation.
import { z } from 'zod';
import { errorBody } from '../../../contract/service/common.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { plantError } from '../../../contract/service/plants.ts';

type Json = Record<string, unknown>;

const ERROR = '#/components/schemas/Error';
const PLANT_ERROR = '#/components/schemas/PlantError';

const PAGINATION_HEADERS: Record<string, string> = {
  'X-Total-Count': 'Records in all pages',
  'X-Page': 'This page',
  'X-Page-Size': 'Records per page (at most 200)',
  'X-Total-Pages': 'Pages in all',
  'X-Remaining-Count': 'Records after this page',
};

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Requests and responses alike are described as their
 * schema's INPUT: that is the JSON on the wire (the service sends the body its response schema checked, not the
 * parsed output), and the output side of a transform (statuses, barcode images) has no JSON Schema at all.
 */
function jsonSchema(schema: z.ZodType, name: string, components: Json): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  const defs = (out.$defs ?? {}) as Json;
  delete out.$defs;
  // A recursive schema brings its own $defs, and refers to itself as "#": in the document, "#" is the document and
  // $defs is nowhere, so the definitions move to components (and the schema too, when it refers to itself).
  const at = `#/components/schemas/${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const moved = (value: unknown) => withRefsMoved(value, at) as Json;
  for (const [key, def] of Object.entries(defs)) components[`${at.slice(ROOT.length)}.${key}`] = moved(def);
  if (!JSON.stringify(out).includes('"$ref":"#"')) return moved(out);
  components[at.slice(ROOT.length)] = moved(out);
  return { $ref: at };
}

const ROOT = '#/components/schemas/';

/** `value` with each `$ref` of its own schema (`#`, `#/$defs/…`) pointing where that schema moved, `at`. */
function withRefsMoved(value: unknown, at: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefsMoved(item, at));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key !== '$ref' || typeof item !== 'string') return [key, withRefsMoved(item, at)];
      if (item === '#') return [key, at];
      return [key, item.startsWith('#/$defs/') ? `${at}.${item.slice('#/$defs/'.length)}` : item];
    }),
  );
}

/** The members of an object schema as OpenAPI parameters (path or query). */
function parametersOf(schema: z.ZodType, where: 'path' | 'query', name: string, components: Json): Json[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const object = jsonSchema(schema, name, components);
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([key, property]) => ({
    name: key,
    in: where,
    required: where === 'path' || required.has(key),
    schema: property,
  }));
}

const jsonContent = (schema: Json) => ({ 'application/json': { schema } });

function responsesOf(op: AnyOperation, components: Json): Json {
  const success: Json = { description: op.summary };
  if (op.status !== 204 && !(op.response instanceof z.ZodUndefined)) {
    success.content = jsonContent(jsonSchema(op.response, `${op.name}.response`, components));
  }
  if (op.paginated) {
    success.headers = Object.fromEntries(
      Object.entries(PAGINATION_HEADERS).map(([header, description]) => [
        header,
        { description, schema: { type: 'integer' } },
      ]),
    );
  }
  // The sample plant interface answers its own error body; every other operation the service's one.
  const error = (description: string) => ({
    description,
    content: jsonContent({ $ref: op.name.startsWith('plants.') ? PLANT_ERROR : ERROR }),
  });
  return {
    [String(op.status)]: success,
    '400': error('The request is not valid: the message names the field'),
    ...(op.auth === 'none' ? {} : { '401': error('No valid token') }),
    ...(/\{\w+\}/.test(op.path) ? { '404': error('No record with that identifier') } : {}),
    default: error('Refused: a 403, 409, 410 or 422 names its reason in the message'),
  };
}

function operationObject(op: AnyOperation, components: Json): Json {
  const parameters = [
    ...parametersOf(op.params, 'path', `${op.name}.params`, components),
    ...parametersOf(op.query, 'query', `${op.name}.query`, components),
  ];
  const out: Json = {
    operationId: op.name,
    summary: op.summary,
    tags: [op.name.split('.')[0]],
    'x-source': op.source,
    security: op.auth === 'none' ? [] : [{ [op.auth === 'refresh' ? 'refreshToken' : 'accessToken']: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: responsesOf(op, components),
  };
  if (!(op.body instanceof z.ZodUndefined)) {
    out.requestBody = {
      required: !op.body.safeParse(undefined).success,
      content: jsonContent(jsonSchema(op.body, `${op.name}.body`, components)),
    };
  }
  return out;
}

/** The OpenAPI 3.1 document of `operations`: every path and method, its parameters, body, answers and security. */
export function openApiDocument(operations: readonly AnyOperation[]): Json {
  const schemas: Json = {
    Error: jsonSchema(errorBody, 'Error', {}),
    PlantError: jsonSchema(plantError, 'PlantError', {}),
  };
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(op, schemas);
    paths[op.path] = item;
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Prescription Order Fulfillment Service (training service)',
      version: 'v1',
      description:
        'The training service of Fulfillment Station on 127.0.0.1, generated from the contract that the desktop ' +
        'app, the training service and the tests share. x-source tells where an operation is described: spec, ' +
        'facts (service-facts.md) or training (this service only).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access_token of POST /api/v1/auth/login',
        },
        refreshToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The refresh_token of POST /api/v1/auth/login',
        },
      },
    },
  };
}
