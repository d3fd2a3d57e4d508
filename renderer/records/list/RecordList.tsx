// A record list screen: the title, the button (and command) for a new record, and every record in the paged list.
import type { ReactNode } from 'react';
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { PagedList, type PagedListProps } from './PagedList.tsx';

const NEW_SHORTCUT = 'Alt+N';

export function RecordList<Row extends { id: string }>(
  props: Omit<PagedListProps<Row>, 'empty'> & {
    /** The title's id, for the screen's accessible name. */
    titleId: string;
    /** The new-record command: its id and words ("New patient"). */
    create: { id: string; words: string; run(): void };
    /** "No patients yet." (the way to add the first follows). */
    emptyWords: ReactNode;
  },
) {
  const { titleId, create, emptyWords, ...list } = props;
  useCommands([{ id: create.id, title: create.words, group: list.label, shortcut: NEW_SHORTCUT, run: create.run }]);
  return (
    <main className="screen records" aria-labelledby={titleId}>
      <header className="records-head">
        <h1 id={titleId}>{list.label}</h1>
        <ActionButton primary shortcut={NEW_SHORTCUT} onClick={create.run}>
          {create.words}
        </ActionButton>
      </header>
      <PagedList
        {...list}
        empty={
          <p className="muted">
            {emptyWords} Add the first with <kbd>{NEW_SHORTCUT}</kbd>.
          </p>
        }
      />
    </main>
  );
}
