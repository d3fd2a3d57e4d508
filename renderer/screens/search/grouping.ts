// Search results grouped by kind for the screen: the groups in the order of their best result, each in rank order,
// and one running index across all of them for the keyboard (arrows walk the groups as they are shown).
import type { SearchResult } from '../../../contract/service/search.ts';
import { groupLabel, resultTypeOf } from './result-kinds.ts';

export interface GroupedResult {
  result: SearchResult;
  /** Position in the whole list as shown, 0 first: what the arrows move through. */
  index: number;
}

export interface ResultGroup {
  type: string;
  label: string;
  results: GroupedResult[];
}

/** Higher is better; a result without a rank sorts after ranked ones. */
const rankOf = (result: SearchResult) => (typeof result.rank === 'number' ? result.rank : Number.NEGATIVE_INFINITY);

/**
 * Groups results by `result_type`. The service sends them best first; they are sorted by rank again (stably, so equal
 * ranks keep the service's order) in case a kind's results arrive interleaved. A group's place is its best result's.
 */
export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  const byType = new Map<string, SearchResult[]>();
  const ranked = results.map((result, order) => ({ result, order }));
  ranked.sort((a, b) => rankOf(b.result) - rankOf(a.result) || a.order - b.order);
  for (const { result } of ranked) {
    const type = resultTypeOf(result);
    const members = byType.get(type);
    if (members) members.push(result);
    else byType.set(type, [result]);
  }
  let index = 0;
  return [...byType].map(([type, members]) => ({
    type,
    label: groupLabel(type),
    results: members.map((result) => ({ result, index: index++ })),
  }));
}

/** The results in the order they are shown (group after group). */
export const shownOrder = (groups: readonly ResultGroup[]): SearchResult[] =>
  groups.flatMap((group) => group.results.map((entry) => entry.result));

/** A stable DOM id for a result's option (the listbox's aria-activedescendant points at it). */
export const optionIdOf = (prefix: string, result: SearchResult) =>
  `${prefix}-${resultTypeOf(result)}-${result.id}`.replace(/[^\w-]/g, '_');
