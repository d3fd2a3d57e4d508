// Global search (Ctrl+F): one field, the results grouped by kind in rank order with the fields that matched; the
// arrows choose, Enter opens the result's screen, Escape goes back to the scan field. `query`: opened with one.
import './search.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchResult } from '../../../contract/service/search.ts';
import { Problem } from '../../forms/Problem.tsx';
import { focusScanField } from '../../scan/focus.ts';
import { navigate, useNavigationStore } from '../../state/navigation-store.ts';
import { groupResults, optionIdOf, shownOrder } from './grouping.ts';
import { routeOfResult } from './result-kinds.ts';
import { OPTION_PREFIX, RESULTS_ID, SearchResults } from './SearchResults.tsx';
import { OfflineNote, SearchIntro, SearchStatus } from './SearchStatus.tsx';
import { searchTerms } from './search-terms.ts';
import { useSearchScreen } from './use-search-screen.ts';
import { searchWords } from './wording.ts';

export const SEARCH_FIELD_ID = 'search-field';

/**
 * The open route keeps the query, so Back from a result comes back to it. Navigation has no "replace", so the route
 * is rewritten in place: same screen, no history entry.
 */
function rememberQuery(query: string) {
  if (useNavigationStore.getState().route.screen === 'search')
    useNavigationStore.getState().replace({ screen: 'search', query });
}

export function SearchScreen({ query }: { query?: string }) {
  const screen = useSearchScreen(query ?? '');
  const [active, setActive] = useState(0);
  const fieldRef = useRef<HTMLInputElement>(null);
  const sequence = useNavigationStore((state) => state.sequence);
  const { load } = screen;

  // Opened (Ctrl+F, the palette, Back) or opened again while open: the field takes the keys, its text selected.
  useEffect(() => {
    void sequence;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [sequence]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query from the route replaces what is typed.
  useEffect(() => {
    if (query !== undefined) load(query);
  }, [query]);

  const answer = screen.answer;
  const groups = useMemo(() => groupResults(answer?.results ?? []), [answer]);
  const shown = useMemo(() => shownOrder(groups), [groups]);
  const terms = useMemo(() => searchTerms(answer?.q ?? ''), [answer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts again at its best result.
  useEffect(() => setActive(0), [answer]);
  const current = shown[Math.min(active, shown.length - 1)];

  // The arrows keep the chosen result in view; a new answer leaves the page where it is.
  const moved = useRef(false);
  useEffect(() => {
    if (!current || !moved.current) return;
    moved.current = false;
    document.getElementById(optionIdOf(OPTION_PREFIX, current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  function open(result: SearchResult | undefined) {
    const route = result ? routeOfResult(result) : null;
    if (!route) return;
    rememberQuery(screen.text);
    navigate(route);
    setTimeout(() => focusScanField(), 0);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      moved.current = true;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.max(0, Math.min(index + step, shown.length - 1)));
    } else if (event.key === 'Enter') {
      // Enter before typing paused sends the text; on results already shown for it, it opens the chosen one.
      if (!screen.sendNow()) open(current);
    } else if (event.key === 'Escape') focusScanField(true);
    else return;
    event.preventDefault();
  }

  const expanded = shown.length > 0;
  return (
    <main className="screen search-screen" aria-labelledby="search-title">
      <header className="search-head">
        <h1 id="search-title">{searchWords.title}</h1>
        <p className="muted">{searchWords.intro}</p>
      </header>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark around a field, not a form that posts. */}
      <div role="search" className="search-bar">
        <label htmlFor={SEARCH_FIELD_ID} className="search-label">
          {searchWords.fieldLabel}
        </label>
        <input
          id={SEARCH_FIELD_ID}
          ref={fieldRef}
          className="search-field"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? RESULTS_ID : undefined}
          aria-activedescendant={expanded && current ? optionIdOf(OPTION_PREFIX, current) : undefined}
          aria-describedby="search-hint"
          aria-invalid={screen.invalid ? true : undefined}
          aria-keyshortcuts="Control+F"
          placeholder={searchWords.placeholder}
          value={screen.text}
          onChange={(event) => screen.type(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <p id="search-hint" className="search-hint muted">
          <kbd>↑</kbd> <kbd>↓</kbd>
          {searchWords.hintChoose}
          <kbd>{searchWords.keys.enter}</kbd>
          {searchWords.hintOpens}
          <kbd>{searchWords.keys.escape}</kbd>
          {searchWords.hintBack}
        </p>
      </div>
      <Problem text={screen.invalid} />
      {screen.offline ? (
        <OfflineNote failedQuery={screen.failedQuery} shown={answer?.q ?? null} readAt={screen.staleSince} />
      ) : screen.error ? (
        <p className="notice notice-bad" role="alert">
          {screen.error}
        </p>
      ) : null}
      {screen.text.trim() === '' && !answer ? <SearchIntro /> : null}
      <SearchStatus
        answer={
          answer
            ? {
                q: answer.q,
                count: answer.results.length,
                limit: answer.limit,
                groups: groups.map((group) => ({ label: group.label, count: group.results.length })),
              }
            : null
        }
        searching={screen.searching}
      />
      {expanded ? (
        <SearchResults groups={groups} terms={terms} active={active} onOpen={open} onPoint={setActive} />
      ) : null}
    </main>
  );
}
