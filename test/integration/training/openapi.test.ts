// GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the contract's operations table, open without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../../../contract/service/operation.ts';
import { operationList } from '../../../contract/service/operations.ts';
import { openApiDocument } from '../../../training/domains/openapi/document.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await startHarness();
  const res = await h.api('GET', '/api/v1/openapi.json', { as: null });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = res.body;
});
afterAll(() => h.close());

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
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/')).toBe(true);
  });

  it('describes every operation of the table at its path and method, named by the operation', () => {
    for (const op of operationList) {
      const described = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect([op.name, described?.operationId]).toEqual([op.name, op.name]);
      expect(described.responses[String(op.status)]).toBeDefined();
    }
  });

  it('declares bearer security: none for login and this document, the refresh token for refresh', () => {
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.refreshToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/refresh'].post.security).toEqual([{ refreshToken: [] }]);
    expect(doc.paths['/api/v1/orders'].get.security).toEqual([{ accessToken: [] }]);
  });

  it('lists path and query parameters with their schemas', () => {
    const listBarcodes = doc.paths['/api/v1/barcodes/{entity_type}/{entity_id}'].get;
    const names = listBarcodes.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(
      expect.arrayContaining(['path:entity_type', 'path:entity_id', 'query:page', 'query:is_active']),
    );
    const entityType = listBarcodes.parameters.find((p: { name: string }) => p.name === 'entity_type');
    expect(entityType).toMatchObject({ required: true, schema: { enum: expect.arrayContaining(['order', 'user']) } });
    expect(listBarcodes.responses['200'].headers['X-Total-Count']).toBeDefined();
  });

  it('gives request bodies and answers their JSON Schemas, and errors the service error body', () => {
    const createPlant = doc.paths['/plants'].post;
    expect(createPlant.requestBody.required).toBe(true);
    const body = createPlant.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'name']) });
    expect(body.additionalProperties).toBe(false);
    const patient = doc.paths['/api/v1/patients/{patient_id}'].get.responses['200'].content['application/json'].schema;
    expect(patient.properties.first_name).toBeDefined();
    expect(doc.paths['/api/v1/orders'].get.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // The sample plant interface has its own error body.
    expect(doc.paths['/plants/{id}'].delete.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PlantError',
    });
    expect(doc.components.schemas.PlantError.required).toEqual(['error', 'message']);
  });

  it('has no $ref that points nowhere', () => {
    for (const ref of refsOf(doc)) {
      const name = ref.replace('#/components/schemas/', '');
      expect([ref, doc.components.schemas[name] !== undefined]).toEqual([ref, true]);
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
    const generated: any = openApiDocument([...operationList, extra]);
    const described = generated.paths['/api/v1/extra/{extra_id}'].post;
    expect(described).toMatchObject({ operationId: 'extra.create', summary: 'Something new' });
    expect(described.parameters.map((p: { name: string }) => p.name)).toEqual(['extra_id', 'dry_run']);
    expect(described.requestBody.content['application/json'].schema.properties.label).toEqual({
      type: 'string',
      maxLength: 20,
    });
    expect(described.responses['201'].content['application/json'].schema.properties.id).toEqual({ type: 'string' });
    expect(Object.keys(generated.paths).length).toBe(Object.keys(doc.paths).length + 1);
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
    const schemas = Object.keys((generated.components as { schemas: object }).schemas);
    for (const ref of refs) expect(schemas).toContain(ref.replace('#/components/schemas/', ''));
  });
});
