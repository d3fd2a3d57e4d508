// A record list screen: the title, the button (and command) for a new record, and every record in the paged list.
import type { ReactNode } from 'react';
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { PagedList, type PagedListProps } from './PagedList.tsx';

const NEW_SHORTCUT = 'Alt+N';

/** A record kind's list words: the title ("Patients"), one row ("patient"), the new-record action, the empty list. */
export interface RecordListWords {
  list: string;
  noun: string;
  create: string;
  /** "No patients yet." (the way to add the first follows). */
  empty: ReactNode;
}

export function RecordList<Row extends { id: string }>(
  props: Omit<PagedListProps<Row>, 'empty' | 'label' | 'noun'> & { words: RecordListWords; onNew(): void },
) {
  const { words, onNew, ...list } = props;
  // "Patients" → the title's id "patients-title" and the command "patients.new".
  const name = words.list.toLowerCase();
  useCommands([{ id: `${name}.new`, title: words.create, group: words.list, shortcut: NEW_SHORTCUT, run: onNew }]);
  return (
    <main className="screen records" aria-labelledby={`${name}-title`}>
      <header className="records-head">
        <h1 id={`${name}-title`}>{words.list}</h1>
        <ActionButton primary shortcut={NEW_SHORTCUT} onClick={onNew}>
          {words.create}
        </ActionButton>
      </header>
      <PagedList
        {...list}
        label={words.list}
        noun={words.noun}
        empty={
          <p className="muted">
            {words.empty} Add the first with <kbd>{NEW_SHORTCUT}</kbd>.
          </p>
        }
      />
    </main>
  );
}
