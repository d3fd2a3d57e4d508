// Search schemas: q and limit are checked, and results of every kind keep their fields and rank.
import { describe, expect, it } from 'vitest';
import { searchOperations, searchQuery, searchResultType } from '../../../contract/service/search.ts';

const ORDER_ID = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';

describe('the search parameters', () => {
  it('default the limit to 50 and read it from a URL', () => {
    expect(searchQuery.parse({ q: 'Example' })).toEqual({ q: 'Example', limit: 50 });
    expect(searchQuery.parse({ q: '"Avery Example"', limit: '100' })).toEqual({ q: '"Avery Example"', limit: 100 });
  });

  it.each([
    ['no q', { limit: '10' }],
    ['an empty q', { q: '' }],
    ['a q of spaces', { q: '   ' }],
    ['a 201-character q', { q: 'x'.repeat(201) }],
    ['a limit of 0', { q: 'x', limit: '0' }],
    ['a limit that is not a number', { q: 'x', limit: 'ten' }],
    ['an unknown parameter', { q: 'x', sort: 'rank' }],
  ])('refuse %s', (_label, query) => {
    expect(searchQuery.safeParse(query).success).toBe(false);
  });

  it('clamp a limit above 100 to 100 rather than refuse it', () => {
    expect(searchQuery.parse({ q: 'x', limit: '500' }).limit).toBe(100);
    expect(searchQuery.parse({ q: 'x', limit: 101 }).limit).toBe(100);
    expect(searchQuery.parse({ q: 'x', limit: '100' }).limit).toBe(100);
  });

  it('name the seven kinds of general-search result', () => {
    expect(searchResultType.options).toHaveLength(7);
  });
});

describe('the search operations', () => {
  const orderResult = { id: ORDER_ID, rank: 0.87, result_type: 'order', order_number: '100234', status: 'Received' };
  const examples: Record<keyof typeof searchOperations, unknown> = {
    all: {
      results: [
        orderResult,
        { id: 'p-1', rank: 0.5, result_type: 'patient', first_name: 'Avery', last_name: 'Example' },
        { id: 'x-1', rank: 0.1, result_type: 'a_kind_added_later' },
      ],
    },
    tasks: {
      results: [
        {
          id: 't-1',
          rank: 1.2,
          name: 'Call prescriber',
          status_code: 'NEW',
          created_at: '2025-03-16T22:55:37.920593',
          assignee: { id: 'u-1', first_name: 'Avery', last_name: 'Example', role: 'admin' },
        },
      ],
    },
    orders: { results: [orderResult] },
    patients: { results: [{ id: 'p-1', rank: 2, date_of_birth: '1980-02-29' }] },
    products: { results: [{ id: 'prod-1', rank: 0.3, sku: 'SKU-1', name: 'Example tablets' }] },
  };

  it.each(Object.entries(searchOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('keep every field of a result as sent', () => {
    const parsed = searchOperations.all.response.parse(examples.all);
    expect(parsed.results[0]).toMatchObject({ order_number: '100234', status: 'Received' });
  });

  it('are not paginated: the limit bounds them', () => {
    for (const op of Object.values(searchOperations)) expect(op.paginated).toBe(false);
  });
});
