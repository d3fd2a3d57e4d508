// The search operations: the general search and the searches for tasks, orders, patients and products.
import type { searchOperations } from '../../../contract/service/search.ts';
import type { Db } from '../../database/db.ts';
import type { ServiceDeps } from '../../deps/service-deps.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers, RequestContext } from '../../http/handler.ts';
import { parseSearch, type SearchTerms } from './query.ts';
import { resultsOf } from './results.ts';
import {
  type DocumentKind,
  type SearchHit,
  searchDocuments,
  searchOrders,
  syncSearchIndex,
} from './search-repository.ts';

/** The general search's seven result types (spec): prescription products are found by the product search. */
const GENERAL: DocumentKind[] = [
  'order',
  'patient',
  'prescriber',
  'prescription',
  'non_prescription',
  'order_material',
  'task',
];
const PRODUCTS: DocumentKind[] = ['prescription_product', 'non_prescription', 'order_material'];

type SearchOperation = (typeof searchOperations)[keyof typeof searchOperations];

type Finder = (db: Db, terms: SearchTerms, limit: number) => SearchHit[];

const ofKinds =
  (kinds: readonly DocumentKind[]): Finder =>
  (db, terms, limit) =>
    searchDocuments(db, terms, kinds, limit);

function searchOf(find: Finder) {
  return ({ db, query, now }: RequestContext<SearchOperation>) => {
    const terms = parseSearch(query.q);
    if (terms.indexed.length === 0 && terms.short.length === 0) {
      const message = 'holds no search terms; give a word, a number or a "quoted phrase"';
      throw badRequest(`Invalid query.q: ${message}.`, [{ field: 'query.q', message }]);
    }
    syncSearchIndex(db);
    return { results: resultsOf(db, find(db, terms, query.limit), now) };
  };
}

/**
 * Registers the search handlers, and a worker that indexes what was written before the service started listening
 * (a demo data set of 100,000 orders), so the first search does not wait for it.
 */
export function searchHandlers(deps: ServiceDeps): Handlers<{ search: typeof searchOperations }>['search'] {
  deps.workers.push({
    start: () => void syncSearchIndex(deps.db),
    stop: async () => {},
  });
  return {
    all: searchOf(ofKinds(GENERAL)),
    tasks: searchOf(ofKinds(['task'])),
    orders: searchOf(searchOrders),
    patients: searchOf(ofKinds(['patient'])),
    products: searchOf(ofKinds(PRODUCTS)),
  };
}
