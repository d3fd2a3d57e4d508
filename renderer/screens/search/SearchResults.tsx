// The results list: one group per kind with its count, results in rank order; a listbox the search field drives.
import type { SearchResult } from '../../../contract/service/search.ts';
import { optionIdOf, type ResultGroup } from './grouping.ts';
import { ResultOption } from './ResultOption.tsx';
import { searchWords } from './wording.ts';

export const RESULTS_ID = 'search-results';
export const OPTION_PREFIX = 'search-result';

export function SearchResults({
  groups,
  terms,
  active,
  onOpen,
  onPoint,
}: {
  groups: readonly ResultGroup[];
  terms: readonly string[];
  active: number;
  onOpen(result: SearchResult): void;
  onPoint(index: number): void;
}) {
  return (
    <div id={RESULTS_ID} role="listbox" aria-label={searchWords.results} className="search-results">
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a fieldset of controls.
        <div
          key={group.type}
          role="group"
          aria-label={`${group.label}: ${group.results.length}`}
          className="search-group"
        >
          {/* The group's name reaches assistive technology through aria-label; this is its visible twin. */}
          <div className="search-group-head" aria-hidden="true">
            <span>{group.label}</span>
            <span className="search-count">{group.results.length}</span>
          </div>
          {group.results.map(({ result, index }) => (
            <ResultOption
              key={optionIdOf(OPTION_PREFIX, result)}
              id={optionIdOf(OPTION_PREFIX, result)}
              result={result}
              terms={terms}
              active={index === active}
              onOpen={() => onOpen(result)}
              onPoint={() => onPoint(index)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
