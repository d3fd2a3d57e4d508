// The sample plant-store interface: Plant and NewPlant, the limit, integer ids and the 204 delete.
import { describe, expect, it } from 'vitest';
import { newPlant, plantError, plantsOperations, plantWebhookBody } from '../../../contract/service/plants.ts';

describe('plants', () => {
  it('need a name; the tag may be absent or null in an answer', () => {
    const answer = plantsOperations.list.response.parse([
      { name: 'Fern' },
      { name: 'Ivy', tag: null, colour: 'green' },
    ]);
    expect(answer[1]).toEqual({ name: 'Ivy', tag: null, colour: 'green' });
    expect(plantsOperations.list.response.safeParse([{ tag: 'no name' }]).success).toBe(false);
  });

  it('are created from a NewPlant with an integer id, answered 200 with the Plant', () => {
    expect(newPlant.safeParse({ id: 7, name: 'Fern', tag: 'indoor' }).success).toBe(true);
    expect(plantsOperations.create.status).toBe(200);
    expect(plantsOperations.create.response.safeParse({ name: 'Fern', tag: 'indoor' }).success).toBe(true);
  });

  it.each([
    ['no id', { name: 'Fern' }],
    ['a fractional id', { id: 1.5, name: 'Fern' }],
    ['an id as text', { id: '7', name: 'Fern' }],
    ['no name', { id: 7 }],
    ['an unknown key', { id: 7, name: 'Fern', price: 3 }],
    ['a 10 000-character name', { id: 7, name: 'x'.repeat(10_000) }],
  ])('refuse a NewPlant with %s', (_label, body) => {
    expect(newPlant.safeParse(body).success).toBe(false);
  });

  it('arrive at the webhook receiver as a NewPlant', () => {
    expect(plantWebhookBody.safeParse({ id: 8, name: 'Cactus' }).success).toBe(true);
    expect(plantWebhookBody.safeParse({ name: 'Cactus' }).success).toBe(false);
  });

  it('answer errors with an integer code and a message', () => {
    expect(plantError.safeParse({ error: 400, message: 'bad limit' }).success).toBe(true);
    expect(plantError.safeParse({ error: 'bad', message: 'bad limit' }).success).toBe(false);
  });
});

describe('the plant operations', () => {
  it('list without pagination, bounded by an optional positive limit', () => {
    const query = plantsOperations.list.query;
    expect(plantsOperations.list.paginated).toBe(false);
    expect(query.parse({ limit: '10' })).toEqual({ limit: 10 });
    expect(query.parse({})).toEqual({});
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.safeParse({ limit: '99999999999' }).success).toBe(false);
    expect(query.safeParse({ page: '1' }).success).toBe(false);
  });

  it('delete by an integer id given as a number or as digits, answering 204 with no body', () => {
    const params = plantsOperations.delete.params;
    expect(params.parse({ id: '42' })).toEqual({ id: 42 });
    expect(params.parse({ id: 42 })).toEqual({ id: 42 });
    expect(params.safeParse({ id: 'fern' }).success).toBe(false);
    expect(params.safeParse({ id: '1e3' }).success).toBe(false);
    expect(plantsOperations.delete.status).toBe(204);
    expect(plantsOperations.delete.response.safeParse(undefined).success).toBe(true);
  });

  it('use their own paths, outside /api/v1', () => {
    for (const op of Object.values(plantsOperations)) expect(op.path.startsWith('/plants')).toBe(true);
  });
});
