// A record list screen: the title, the button (and command) for a new record, and every record in the paged list.
import type { ComponentType, ReactNode } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { PagedList } from './PagedList.tsx';
import type { PagedSource } from './usePagedRows.ts';

const NEW_SHORTCUT = 'Alt+N';

/** A record kind's list words: the title ("Patients"), one row ("patient"), the new-record action, the empty list. */
export interface RecordListWords {
  list: string;
  noun: string;
  create: string;
  /** "No patients yet." (the way to add the first follows). */
  empty: ReactNode;
  /** The column titles; the row's cells are laid out by the class `<noun>-columns`. */
  columns: readonly string[];
}

/** What a record list shows: its words, where its pages come from, a row's cells, and what opening a row does. */
export interface RecordListKind<Row extends { id: string }> {
  words: RecordListWords;
  source: PagedSource<Row>;
  Cells: ComponentType<{ row: Row }>;
  open(row: Row): void;
}

export function RecordList<Row extends { id: string }>({ kind, onNew }: { kind: RecordListKind<Row>; onNew(): void }) {
  const { words, Cells } = kind;
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
        label={words.list}
        noun={words.noun}
        source={kind.source}
        columnsClass={`${words.noun}-columns`}
        columns={words.columns}
        renderRow={(row) => <Cells row={row} />}
        onOpen={kind.open}
        empty={
          <p className="muted">
            {words.empty} Add the first with <kbd>{NEW_SHORTCUT}</kbd>.
          </p>
        }
      />
    </main>
  );
}
