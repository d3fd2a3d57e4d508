// Results grouped by kind: every result once, each group in rank order, groups in the order of their best result,
// and one running index for the keyboard.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../contract/service/search.ts';
import { groupResults, optionIdOf, shownOrder } from '../../../../renderer/screens/search/grouping.ts';

const result = (id: string, result_type: string, rank: number | null): SearchResult => ({ id, result_type, rank });

const results = fc
  .array(
    fc.record({
      type: fc.constantFrom('order', 'patient', 'prescriber', 'task', 'order_material', 'mystery'),
      rank: fc.option(fc.double({ min: -50, max: 1050, noNaN: true }), { nil: null }),
    }),
    { maxLength: 40 },
  )
  .map((rows) => rows.map((row, index) => result(`r${index}`, row.type, row.rank)));

const rankOf = (r: SearchResult) => r.rank ?? Number.NEGATIVE_INFINITY;

describe('grouping search results by kind', () => {
  it('puts the kind of the best result first and keeps rank order inside each kind', () => {
    const groups = groupResults([
      result('p1', 'patient', 1012),
      result('o1', 'order', 9.5),
      result('p2', 'patient', 8),
      result('t1', 'task', 3),
      result('o2', 'order', 2),
    ]);
    expect(groups.map((g) => [g.label, g.results.map((r) => r.result.id)])).toEqual([
      ['Patients', ['p1', 'p2']],
      ['Orders', ['o1', 'o2']],
      ['Tasks', ['t1']],
    ]);
    expect(groups.flatMap((g) => g.results.map((r) => r.index))).toEqual([0, 1, 2, 3, 4]);
  });

  it('names a kind the station does not know, rather than hiding its results', () => {
    expect(groupResults([result('x', 'lab_result', 1)])[0]?.label).toBe('Other (lab_result)');
  });

  it('shows every result exactly once, whatever the kinds and ranks', () => {
    fc.assert(
      fc.property(results, (list) => {
        const shown = shownOrder(groupResults(list));
        expect(shown.map((r) => r.id).sort()).toEqual(list.map((r) => r.id).sort());
      }),
    );
  });

  it('keeps each group in rank order, its count its length, and groups ordered by their best result', () => {
    fc.assert(
      fc.property(results, (list) => {
        const groups = groupResults(list);
        expect(new Set(groups.map((g) => g.type)).size).toBe(groups.length);
        for (const group of groups) {
          const ranks = group.results.map((entry) => rankOf(entry.result));
          for (let i = 1; i < ranks.length; i++) expect(ranks[i]).toBeLessThanOrEqual(ranks[i - 1] as number);
          for (const entry of group.results) expect(entry.result.result_type).toBe(group.type);
        }
        const bests = groups.map((g) => rankOf(g.results[0]?.result as SearchResult));
        for (let i = 1; i < bests.length; i++) expect(bests[i]).toBeLessThanOrEqual(bests[i - 1] as number);
      }),
    );
  });

  it('numbers the results as shown, so the arrows walk group after group', () => {
    fc.assert(
      fc.property(results, (list) => {
        const indexes = groupResults(list).flatMap((g) => g.results.map((r) => r.index));
        expect(indexes).toEqual(list.map((_, i) => i));
      }),
    );
  });

  it('gives each result an element id of safe characters', () => {
    expect(optionIdOf('search-result', result('a b"<c>', 'patient', 1))).toBe('search-result-patient-a_b__c_');
  });
});
