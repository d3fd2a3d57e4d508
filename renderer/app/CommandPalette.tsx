// Ctrl+K: every screen and action by name, then the best global search results for what is typed; arrows choose,
// Enter runs or opens, Escape closes, the focus goes back to the scan field.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchResult } from '../../contract/service/search.ts';
import { type Command, enabledCommands, useCommandStore } from '../commands/command-store.ts';
import { checkSearchText, useSearch } from '../queries/search.ts';
import { focusScanField } from '../scan/focus.ts';
import { groupResults, optionIdOf, shownOrder } from '../screens/search/grouping.ts';
import { PaletteSearchNote, PaletteSearchResults } from '../screens/search/PaletteSearchResults.tsx';
import { routeOfResult } from '../screens/search/result-kinds.ts';
import { useDebounced } from '../screens/search/use-debounced.ts';
import { navigate } from '../state/navigation-store.ts';

/** Screens first, then the open screen's actions, the station's own (lock, sign out) last. */
function groupRank(group: string): number {
  if (group === 'Go to') return 0;
  if (group === 'Station') return 2;
  return 1;
}

function matches(command: Command, words: string[]): boolean {
  const haystack = `${command.group} ${command.title} ${command.keywords ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The palette searches once typing pauses, with three characters or more (what the service's index serves fast). */
const SEARCH_PAUSE_MS = 250;
const SEARCH_MIN_LENGTH = 3;
const SEARCH_LIMIT = 6;
const SEARCH_ALL_ID = 'palette-search-all';

type Item =
  | { kind: 'command'; id: string; command: Command }
  | { kind: 'search'; id: string; q: string }
  | { kind: 'result'; id: string; result: SearchResult };

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const registry = useCommandStore((state) => state.commands);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the registry changing is what refreshes the list.
  const found = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return enabledCommands()
      .filter((command) => matches(command, words))
      .sort((a, b) => groupRank(a.group) - groupRank(b.group));
  }, [query, registry]);

  const typed = checkSearchText(query);
  const searchAll = typed.ok ? typed.q : null;
  const settled = checkSearchText(useDebounced(query, SEARCH_PAUSE_MS));
  const q = settled.ok && settled.q.length >= SEARCH_MIN_LENGTH ? settled.q : null;
  const search = useSearch(q, SEARCH_LIMIT);
  const answer = q !== null ? search.data : undefined;

  // Commands and "search for" come at once and stay put; results arrive later below them, so a quick Enter never
  // lands on something that appeared under the finger.
  const items = useMemo<Item[]>(() => {
    const list: Item[] = found.map((command) => ({ kind: 'command', id: `palette-${command.id}`, command }));
    if (searchAll !== null) list.push({ kind: 'search', id: SEARCH_ALL_ID, q: searchAll });
    const results = answer ? shownOrder(groupResults(answer.results)) : [];
    for (const result of results) list.push({ kind: 'result', id: optionIdOf('palette-result', result), result });
    return list;
  }, [found, searchAll, answer]);

  useEffect(() => inputRef.current?.focus(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new text starts again at the first match.
  useEffect(() => setActive(0), [query]);
  useEffect(() => setActive((index) => Math.min(index, Math.max(items.length - 1, 0))), [items.length]);
  const current = items[active];
  useEffect(() => {
    if (current) document.getElementById(current.id)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  function close() {
    onClose();
    setTimeout(() => focusScanField(true), 0);
  }

  function run(item: Item | undefined) {
    if (!item) return;
    onClose();
    if (item.kind === 'command') item.command.run();
    else if (item.kind === 'search') navigate({ screen: 'search', query: item.q });
    else {
      const route = routeOfResult(item.result);
      if (route) navigate(route);
    }
    // A command that opened a form keeps its focus; otherwise the hands go back to the scanner.
    setTimeout(() => focusScanField(), 0);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, items.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') run(current);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  const optionProps = (item: Item, index: number) => ({
    id: item.id,
    active: index === active,
    onPoint: () => setActive(index),
    onRun: () => run(item),
  });
  const results = items.flatMap((item, index) =>
    item.kind === 'result' ? [{ id: item.id, result: item.result, index }] : [],
  );

  return (
    // A click outside closes it; the keyboard's way is Escape, handled in the field.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control, Escape is the keyboard path.
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          ref={inputRef}
          className="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={current?.id}
          aria-label="Search screens, actions and records"
          placeholder="Type a screen, an action, or a name, number or phone to search…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <div id="palette-list" className="palette-list" role="listbox" aria-label="Screens, actions and records">
          {items.map((item, index) =>
            item.kind === 'command' ? (
              <PaletteOption key={item.id} {...optionProps(item, index)}>
                <span className="palette-group">{item.command.group}</span>
                <span className="palette-title">{item.command.title}</span>
                {item.command.shortcut ? <kbd className="palette-shortcut">{item.command.shortcut}</kbd> : null}
              </PaletteOption>
            ) : item.kind === 'search' ? (
              <PaletteOption key={item.id} {...optionProps(item, index)}>
                <span className="palette-group">Search</span>
                <span className="palette-title">Search everything for “{item.q}”</span>
                <kbd className="palette-shortcut">Ctrl+F</kbd>
              </PaletteOption>
            ) : null,
          )}
          {answer && results.length > 0 ? (
            <PaletteSearchResults
              q={answer.q}
              results={results}
              active={active}
              onPoint={setActive}
              onOpen={(index) => run(items[index])}
            />
          ) : null}
          {items.length === 0 ? <p className="palette-empty muted">Nothing matches “{query}”.</p> : null}
        </div>
        <PaletteSearchNote
          searching={q !== null && search.isFetching}
          error={q !== null && search.isError ? search.error : null}
          none={answer !== undefined && answer.results.length === 0 ? answer.q : null}
        />
      </div>
    </div>
  );
}

function PaletteOption({
  id,
  active,
  onPoint,
  onRun,
  children,
}: {
  id: string;
  active: boolean;
  onPoint(): void;
  onRun(): void;
  children: React.ReactNode;
}) {
  return (
    <div
      tabIndex={-1}
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'palette-item palette-active' : 'palette-item'}
      onMouseEnter={onPoint}
      onClick={onRun}
      onKeyDown={undefined}
    >
      {children}
    </div>
  );
}
