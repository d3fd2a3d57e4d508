// The one table of operations covers both spec files, and every entry keeps the contract's rules.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operationList, operations } from '../../../contract/service/operations.ts';
import { factsOperations, specOperations } from './spec-operations.ts';

const isParam = (segment: string) => /^\{\w+\}$/.test(segment);

/** Does a spec line (`METHOD /path/{x}`) describe this operation? A literal may fill an enum path parameter. */
function describes(line: string, op: AnyOperation): boolean {
  const [method, path = ''] = line.split(' ');
  if (op.method !== method) return false;
  const want = path.split('/');
  const have = op.path.split('/');
  if (want.length !== have.length) return false;
  const shape = op.params instanceof z.ZodObject ? (op.params.shape as Record<string, z.ZodType>) : {};
  return want.every((segment, i) => {
    const ours = have[i] as string;
    if (isParam(segment)) return isParam(ours);
    if (!isParam(ours)) return segment === ours;
    const schema = shape[ours.slice(1, -1)];
    return schema instanceof z.ZodEnum && (schema.options as string[]).includes(segment);
  });
}

/** The object schema at the heart of a body or response: the object itself, or the element of an array. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodArray) return objectOf(schema.element as z.ZodType);
  return null;
}

const catchallType = (schema: z.ZodObject) => (schema.def.catchall as z.ZodType | undefined)?.def.type;

describe('the operations table', () => {
  it('has an operation for every method and path of fulfillment-api.md', () => {
    const missing = specOperations.filter((line) => !operationList.some((op) => describes(line, op)));
    expect(missing).toEqual([]);
  });

  it('has an operation for every method and path of service-facts.md', () => {
    const missing = factsOperations.filter((line) => !operationList.some((op) => describes(line, op)));
    expect(missing).toEqual([]);
  });

  it('marks as spec exactly the operations fulfillment-api.md names', () => {
    const specNamed = operationList.filter((op) => specOperations.some((line) => describes(line, op)));
    const markedSpec = operationList.filter((op) => op.source === 'spec');
    expect(markedSpec.map((op) => op.name).sort()).toEqual(specNamed.map((op) => op.name).sort());
  });

  it('names each operation by its place in the table, and no two share a method and path', () => {
    for (const [domain, verbs] of Object.entries(operations)) {
      for (const [verb, op] of Object.entries(verbs as Record<string, AnyOperation>)) {
        expect(op.name).toBe(`${domain}.${verb}`);
      }
    }
    const keys = operationList.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses unknown keys in every request body and passes unknown fields through every response', () => {
    for (const op of operationList) {
      const body = objectOf(op.body);
      if (body) expect([op.name, catchallType(body)]).toEqual([op.name, 'never']);
      const response = objectOf(op.response);
      if (response) expect([op.name, catchallType(response)]).not.toEqual([op.name, 'never']);
      if (response) expect([op.name, catchallType(response)]).toEqual([op.name, 'unknown']);
    }
  });

  it('gives every list operation page and page_size and an array answer', () => {
    const lists = operationList.filter((op) => op.paginated);
    expect(lists.length).toBeGreaterThan(5);
    for (const op of lists) {
      expect([op.name, op.response instanceof z.ZodArray]).toEqual([op.name, true]);
      const query = op.query as z.ZodObject;
      expect([op.name, Object.keys(query.shape)]).toEqual([op.name, expect.arrayContaining(['page', 'page_size'])]);
    }
  });

  it('takes no token for login and the OpenAPI document, the refresh token for refresh, the access token elsewhere', () => {
    const byAuth = (kind: string) => operationList.filter((op) => op.auth === kind).map((op) => op.name);
    expect(byAuth('none')).toEqual(['auth.login', 'openapi.document']);
    expect(byAuth('refresh')).toEqual(['auth.refresh']);
  });
});
