// One search result as an option of the results list: what it is, facts that tell it apart, and the fields that
// matched with the query's terms marked.
import type { SearchResult } from '../../../contract/service/search.ts';
import { Highlighted } from './Highlighted.tsx';
import { matchedFields } from './matched-fields.ts';
import { resultDetails, resultTitle } from './result-kinds.ts';
import { searchWords } from './wording.ts';

/** Long values (a task's description) are shown around their first hit. */
const SNIPPET_LENGTH = 90;

export function ResultSummary({ result, terms }: { result: SearchResult; terms: readonly string[] }) {
  const matches = matchedFields(result, terms);
  const details = resultDetails(result);
  return (
    <>
      <span className="search-result-name">
        <span className="search-result-title">{resultTitle(result)}</span>
        {details.length > 0 ? <span className="search-result-details">{details.join(' · ')}</span> : null}
      </span>
      <span className="search-matched">
        {matches.length === 0 ? <span className="search-match-elsewhere">{searchWords.elsewhere}</span> : null}
        {matches.map((match) => (
          <span key={match.label} className="search-match">
            <span className="search-field-label">{match.label}</span>
            <Highlighted text={match.value} terms={match.terms} digits={match.digits} maxLength={SNIPPET_LENGTH} />
          </span>
        ))}
      </span>
    </>
  );
}

export function ResultOption({
  id,
  result,
  terms,
  active,
  onOpen,
  onPoint,
}: {
  id: string;
  result: SearchResult;
  terms: readonly string[];
  active: boolean;
  onOpen(): void;
  onPoint(): void;
}) {
  return (
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      className={active ? 'search-option search-option-active' : 'search-option'}
      // The focus stays in the search field (the arrows and Enter work there); a click only opens.
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onPoint}
      onClick={onOpen}
      onKeyDown={undefined}
    >
      <ResultSummary result={result} terms={terms} />
    </div>
  );
}
