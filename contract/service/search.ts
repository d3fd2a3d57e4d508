// Search: the general search across the service and the per-kind searches, with their shared q/limit parameters.
import { z } from 'zod';
import { id, maybe, queryInt, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './common.ts';
import { defineOperation } from './operation.ts';
import { task } from './tasks.ts';

/** What a general-search result can be (spec §2). Responses keep `result_type` a plain string. */
export const searchResultType = z.enum([
  'order',
  'patient',
  'prescriber',
  'prescription',
  'non_prescription',
  'order_material',
  'task',
]);
export type SearchResultType = z.infer<typeof searchResultType>;

/**
 * The parameters of every search (service-facts): `q` required, `limit` from 1 defaulting to 50; a limit above 100
 * is clamped to 100, not refused (like page_size). An exact phrase arrives in quotes inside `q`; the bound of 200
 * characters keeps queries to what a person types.
 */
export const searchQuery = z.strictObject({
  q: z.string().trim().min(1).max(200),
  limit: queryInt
    .pipe(z.number().int().min(1))
    .transform((limit) => Math.min(limit, SEARCH_LIMIT_MAX))
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** A result: the matching resource's fields (kept as sent) plus its relevance. */
export const searchResult = z.looseObject({
  id,
  /** Relevance: higher is better; results come best first. */
  rank: maybe(z.number()),
  result_type: maybe(z.string()),
});
export type SearchResult = z.infer<typeof searchResult>;

export const taskSearchResult = task.extend({ rank: maybe(z.number()) });
export type TaskSearchResult = z.infer<typeof taskSearchResult>;

export const searchResponse = z.looseObject({ results: z.array(searchResult) });
export type SearchResponse = z.infer<typeof searchResponse>;

export const taskSearchResponse = z.looseObject({ results: z.array(taskSearchResult) });
export type TaskSearchResponse = z.infer<typeof taskSearchResponse>;

export const searchOperations = {
  all: defineOperation({
    name: 'search.all',
    method: 'GET',
    path: '/api/v1/search',
    query: searchQuery,
    response: searchResponse,
    source: 'spec',
    summary:
      'Search orders, patients, prescribers, prescriptions, products and tasks; best match first, each with its rank (higher is better)',
  }),
  tasks: defineOperation({
    name: 'search.tasks',
    method: 'GET',
    path: '/api/v1/search/tasks',
    query: searchQuery,
    response: taskSearchResponse,
    source: 'spec',
    summary: 'Search tasks by name or description',
  }),
  orders: defineOperation({
    name: 'search.orders',
    method: 'GET',
    path: '/api/v1/search/orders',
    query: searchQuery,
    response: searchResponse,
    source: 'facts',
    summary: 'Search orders',
  }),
  patients: defineOperation({
    name: 'search.patients',
    method: 'GET',
    path: '/api/v1/search/patients',
    query: searchQuery,
    response: searchResponse,
    source: 'facts',
    summary: 'Search patients, also by date of birth as MM/DD/YYYY, YYYYMMDD or YYYY-MM-DD',
  }),
  products: defineOperation({
    name: 'search.products',
    method: 'GET',
    path: '/api/v1/search/products',
    query: searchQuery,
    response: searchResponse,
    source: 'facts',
    summary: 'Search products by name or SKU',
  }),
};
