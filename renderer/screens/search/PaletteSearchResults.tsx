// The command palette's share of global search: the best few results under the commands, each with its kind and
// the field that matched, and a line saying the search is on its way, found nothing, or was refused.
import './search.css';
import type { SearchResult } from '../../../contract/service/search.ts';
import { messageOf } from '../../queries/station.ts';
import { Highlighted } from './Highlighted.tsx';
import { matchedFields } from './matched-fields.ts';
import { resultDetails, resultLabel, resultTitle } from './result-kinds.ts';
import { searchTerms } from './search-terms.ts';
import { searchWords } from './wording.ts';

export interface PaletteResult {
  /** The option's DOM id (aria-activedescendant). */
  id: string;
  result: SearchResult;
  /** Position in the palette's whole list. */
  index: number;
}

export function PaletteSearchResults({
  q,
  results,
  active,
  onPoint,
  onOpen,
}: {
  q: string;
  results: readonly PaletteResult[];
  active: number;
  onPoint(index: number): void;
  onOpen(index: number): void;
}) {
  const terms = searchTerms(q);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a fieldset of controls.
    <div role="group" aria-label={searchWords.palette.group(q)} className="palette-search">
      <div className="palette-search-head" aria-hidden="true">
        {searchWords.palette.group(q)}
      </div>
      {results.map(({ id, result, index }) => {
        const match = matchedFields(result, terms)[0];
        const details = resultDetails(result);
        return (
          <div
            key={id}
            id={id}
            tabIndex={-1}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'palette-item palette-active' : 'palette-item'}
            onMouseEnter={() => onPoint(index)}
            onClick={() => onOpen(index)}
            onKeyDown={undefined}
          >
            <span className="palette-group">{resultLabel(result)}</span>
            <span className="palette-title palette-result-title">
              <span>
                {resultTitle(result)}
                {details.length > 0 ? <span className="search-result-details"> · {details[0]}</span> : null}
              </span>
              {match ? (
                <span className="search-match">
                  <span className="search-field-label">{match.label}</span>
                  <Highlighted text={match.value} terms={match.terms} digits={match.digits} maxLength={60} />
                </span>
              ) : null}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** Below the list: searching, nothing found, or the refusal in the service's words. */
export function PaletteSearchNote({
  searching,
  error,
  none,
}: {
  searching: boolean;
  error: unknown;
  /** The query that found nothing, or null. */
  none: string | null;
}) {
  let note: string | null = null;
  if (error) note = searchWords.palette.failed(messageOf(error));
  else if (searching) note = searchWords.palette.searching;
  else if (none !== null) note = searchWords.palette.none(none);
  return (
    <p className="palette-search-status muted" role="status">
      {note}
    </p>
  );
}
