// Which tasks are in view (mine, the team's open queue, a search) and the search field.
import { type FormEvent, useEffect, useState } from 'react';
import { ShortcutButton, ShortcutHint } from './ShortcutHint.tsx';
import { taskShortcuts } from './task-shortcuts.ts';
import type { ListKind } from './use-task-list.ts';
import { taskWords } from './wording.ts';

export const TASK_SEARCH_ID = 'task-search';
/** Searching as a person types, once they pause. */
const SEARCH_PAUSE_MS = 300;

const views: { kind: ListKind; title: string; shortcut: string }[] = [
  { kind: 'mine', title: taskWords.tabs.mine, shortcut: taskShortcuts.mine },
  { kind: 'queue', title: taskWords.tabs.queue, shortcut: taskShortcuts.queue },
];

interface TaskTabsProps {
  kind: ListKind;
  q: string;
  onKind: (kind: ListKind) => void;
  onSearch: (q: string) => void;
}

export function TaskTabs({ kind, q, onKind, onSearch }: TaskTabsProps) {
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q || trimmed === '') return;
    const timer = setTimeout(() => onSearch(trimmed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() !== '') onSearch(text.trim());
  }

  return (
    <div className="task-tabs">
      <div className="row task-views">
        {views.map((view) => (
          <ShortcutButton
            key={view.kind}
            shortcut={view.shortcut}
            aria-pressed={kind === view.kind}
            className={kind === view.kind ? 'button task-tab task-tab-open' : 'button task-tab'}
            onClick={() => onKind(view.kind)}
          >
            {view.title}
          </ShortcutButton>
        ))}
      </div>
      <search className="task-search">
        <form onSubmit={submit}>
          <label htmlFor={TASK_SEARCH_ID}>
            {taskWords.searchLabel} <ShortcutHint shortcut={taskShortcuts.search} />
          </label>
          <input
            id={TASK_SEARCH_ID}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-keyshortcuts={taskShortcuts.search}
            autoComplete="off"
            maxLength={200}
            placeholder={taskWords.searchPlaceholder}
          />
        </form>
      </search>
    </div>
  );
}
