// GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the contract's operations table, open without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../../../contract/service/operation.ts';
import { operationList } from '../../../contract/service/operations.ts';
import { openApiDocument } from '../../../training/domains/openapi/document.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let doc: unknown;
beforeAll(async () => {
  h = await startHarness();
  const res = await h.api('GET', '/api/v1/openapi.json', { as: null });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = res.body;
});
afterAll(() => h.close());

/** The value at `path` in a JSON value (a key of an object at each step), or undefined where there is none. */
function at(value: unknown, ...path: string[]): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** The keys of the object at `path`, or none. */
const keysAt = (value: unknown, ...path: string[]) => {
  const found = at(value, ...path);
  return found !== null && typeof found === 'object' ? Object.keys(found) : [];
};

/** The items of the array at `path`, each an object (a parameter, say), or none. */
const itemsAt = (value: unknown, ...path: string[]) => {
  const found = at(value, ...path);
  return Array.isArray(found) ? found.map((item) => (item ?? {}) as Record<string, unknown>) : [];
};

/** Every $ref in a JSON value. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
  }
  return [];
}

describe('the OpenAPI document', () => {
  it('is served without a token and looks like OpenAPI 3.1: openapi, info, paths, components', () => {
    expect(at(doc, 'openapi')).toMatch(/^3\.1\.\d+$/);
    expect(at(doc, 'info')).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(at(doc, 'jsonSchemaDialect')).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(keysAt(doc, 'paths').length).toBeGreaterThan(20);
    for (const path of keysAt(doc, 'paths')) expect(path.startsWith('/')).toBe(true);
  });

  it('describes every operation of the table at its path and method, named by the operation', () => {
    for (const op of operationList) {
      const described = at(doc, 'paths', op.path, op.method.toLowerCase());
      expect([op.name, at(described, 'operationId')]).toEqual([op.name, op.name]);
      expect(at(described, 'responses', String(op.status))).toBeDefined();
    }
  });

  it('declares bearer security: none for login and this document, the refresh token for refresh', () => {
    const bearer = { type: 'http', scheme: 'bearer' };
    expect(at(doc, 'components', 'securitySchemes', 'accessToken')).toMatchObject(bearer);
    expect(at(doc, 'components', 'securitySchemes', 'refreshToken')).toMatchObject(bearer);
    expect(at(doc, 'paths', '/api/v1/auth/login', 'post', 'security')).toEqual([]);
    expect(at(doc, 'paths', '/api/v1/openapi.json', 'get', 'security')).toEqual([]);
    expect(at(doc, 'paths', '/api/v1/auth/refresh', 'post', 'security')).toEqual([{ refreshToken: [] }]);
    expect(at(doc, 'paths', '/api/v1/orders', 'get', 'security')).toEqual([{ accessToken: [] }]);
  });

  it('lists path and query parameters with their schemas', () => {
    const listBarcodes = at(doc, 'paths', '/api/v1/barcodes/{entity_type}/{entity_id}', 'get');
    const parameters = itemsAt(listBarcodes, 'parameters');
    const names = parameters.map((p) => `${String(p.in)}:${String(p.name)}`);
    expect(names).toEqual(
      expect.arrayContaining(['path:entity_type', 'path:entity_id', 'query:page', 'query:is_active']),
    );
    const entityType = parameters.find((p) => p.name === 'entity_type');
    expect(entityType).toMatchObject({ required: true, schema: { enum: expect.arrayContaining(['order', 'user']) } });
    expect(at(listBarcodes, 'responses', '200', 'headers', 'X-Total-Count')).toBeDefined();
  });

  it('gives request bodies and answers their JSON Schemas, and errors the service error body', () => {
    const json = ['content', 'application/json', 'schema'];
    const createPlant = at(doc, 'paths', '/plants', 'post');
    expect(at(createPlant, 'requestBody', 'required')).toBe(true);
    const body = at(createPlant, 'requestBody', ...json);
    expect(body).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'name']) });
    expect(at(body, 'additionalProperties')).toBe(false);
    const patient = at(doc, 'paths', '/api/v1/patients/{patient_id}', 'get', 'responses', '200', ...json);
    expect(at(patient, 'properties', 'first_name')).toBeDefined();
    expect(at(doc, 'paths', '/api/v1/orders', 'get', 'responses', '400', ...json)).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // The sample plant interface has its own error body.
    expect(at(doc, 'paths', '/plants/{id}', 'delete', 'responses', '400', ...json)).toEqual({
      $ref: '#/components/schemas/PlantError',
    });
    expect(at(doc, 'components', 'schemas', 'PlantError', 'required')).toEqual(['error', 'message']);
  });

  it('has no $ref that points nowhere', () => {
    for (const ref of refsOf(doc)) {
      const name = ref.replace('#/components/schemas/', '');
      expect([ref, at(doc, 'components', 'schemas', name) !== undefined]).toEqual([ref, true]);
    }
  });

  it('is generated from the table: an operation added to it appears with no change to the generator', () => {
    const extra = defineOperation({
      name: 'extra.create',
      method: 'POST',
      path: '/api/v1/extra/{extra_id}',
      params: z.strictObject({ extra_id: z.uuid() }),
      query: z.strictObject({ dry_run: z.enum(['true', 'false']).optional() }),
      body: z.strictObject({ label: z.string().max(20) }),
      response: z.looseObject({ id: z.string() }),
      status: 201,
      source: 'training',
      summary: 'Something new',
    });
    const generated = openApiDocument([...operationList, extra]);
    const described = at(generated, 'paths', '/api/v1/extra/{extra_id}', 'post');
    const json = ['content', 'application/json', 'schema'];
    expect(described).toMatchObject({ operationId: 'extra.create', summary: 'Something new' });
    expect(itemsAt(described, 'parameters').map((p) => p.name)).toEqual(['extra_id', 'dry_run']);
    expect(at(described, 'requestBody', ...json, 'properties', 'label')).toEqual({ type: 'string', maxLength: 20 });
    expect(at(described, 'responses', '201', ...json, 'properties', 'id')).toEqual({ type: 'string' });
    expect(keysAt(generated, 'paths').length).toBe(keysAt(doc, 'paths').length + 1);
  });

  it('moves a recursive schema’s own definitions to components, every $ref pointing there', () => {
    const node = z.object({
      label: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const tree = defineOperation({
      name: 'tree.get',
      method: 'GET',
      path: '/api/v1/tree',
      response: node,
      status: 200,
      source: 'training',
      summary: 'A tree',
    });
    const generated = openApiDocument([tree]);
    const refs = refsOf(generated);
    expect(refs.filter((ref) => ref.startsWith('#/components/schemas/tree.get.response')).length).toBeGreaterThan(0);
    expect(refs.filter((ref) => !ref.startsWith('#/components/schemas/'))).toEqual([]);
    const schemas = keysAt(generated, 'components', 'schemas');
    for (const ref of refs) expect(schemas).toContain(ref.replace('#/components/schemas/', ''));
  });
});
