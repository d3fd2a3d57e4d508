// The general search through the station: the typed text checked with the contract's schema before it is sent, the
// answer cached per query, and a search no longer wanted cancelled so a slow old answer never replaces a new one.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SEARCH_LIMIT_MAX } from '../../contract/service/common.ts';
import { type SearchResult, searchQuery } from '../../contract/service/search.ts';
import { station, unwrap } from './station.ts';

export const searchKeys = {
  all: ['search'] as const,
  general: (q: string, limit: number) => ['search', 'general', q, limit] as const,
};

/** The search screen asks for as many results as the service gives. */
export const SCREEN_LIMIT = SEARCH_LIMIT_MAX;

export type CheckedSearch = { ok: true; q: string } | { ok: false; message: string };

/** The typed text as the service's `q`, or why it cannot be sent (empty, too long), in words for a person. */
export function checkSearchText(text: string): CheckedSearch {
  const parsed = searchQuery.shape.q.safeParse(text);
  if (parsed.success) return { ok: true, q: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big') return { ok: false, message: `A search is at most ${issue.maximum} characters.` };
  return { ok: false, message: 'Type something to search for.' };
}

/** The results with the query they answer: while the next query is on its way, the screen says whose they are. */
export interface SearchAnswer {
  q: string;
  limit: number;
  results: SearchResult[];
}

export async function fetchSearch(q: string, limit: number): Promise<SearchAnswer> {
  const answer = await unwrap(station().search.all({ query: { q, limit } }));
  return { q, limit, results: answer.results };
}

/**
 * The results for `q` (null: nothing to search yet). While the next query is on its way the last answer stays
 * (`isPlaceholderData`), so the list does not blink at every key. The station cannot abort a call it has sent, so
 * a query replaced by the next is cancelled in the cache: its answer, when it comes, is dropped.
 */
export function useSearch(q: string | null, limit: number) {
  const queryClient = useQueryClient();
  const previous = useRef<string | null>(null);
  // Only a change of query cancels (not leaving the screen, nor React's second run of an effect in development).
  useEffect(() => {
    const before = previous.current;
    previous.current = q;
    if (before === null || before === q) return;
    const key = searchKeys.general(before, limit);
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') void queryClient.cancelQueries({ queryKey: key });
  }, [q, limit, queryClient]);
  return useQuery({
    queryKey: searchKeys.general(q ?? '', limit),
    queryFn: () => fetchSearch(q ?? '', limit),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
