// The prescriber list: name, credentials, NPI and licensed states, in the same virtual list as patients.
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import {
  fetchPrescriberPage,
  PRESCRIBER_PAGE_SIZE,
  type PrescriberRow,
  prescriberKeys,
} from '../../queries/prescribers.ts';
import { listName } from '../../records/format.ts';
import { PagedList } from '../../records/list/PagedList.tsx';
import type { PagedSource } from '../../records/list/usePagedRows.ts';
import { navigate } from '../../state/navigation.ts';

const prescriberSource: PagedSource<PrescriberRow> = {
  key: prescriberKeys.list,
  pageSize: PRESCRIBER_PAGE_SIZE,
  fetchPage: fetchPrescriberPage,
};

const columns = ['Name', 'Credentials', 'NPI', 'Licensed in'];

function PrescriberCells({ row }: { row: PrescriberRow }) {
  return (
    <>
      <span className="cell-name">
        {listName(row)}
        {row.is_active ? null : <span className="pill pill-plain">Inactive</span>}
      </span>
      <span>{row.credentials || '—'}</span>
      <span className="cell-code">{row.npi ?? '—'}</span>
      <span>{row.states || 'No active license'}</span>
    </>
  );
}

export function PrescriberList({ onNew }: { onNew(): void }) {
  useCommands([
    { id: 'prescribers.new', title: 'New prescriber', group: 'Prescribers', shortcut: 'Alt+N', run: onNew },
  ]);
  return (
    <main className="screen records" aria-labelledby="prescribers-title">
      <header className="records-head">
        <h1 id="prescribers-title">Prescribers</h1>
        <ActionButton primary shortcut="Alt+N" onClick={onNew}>
          New prescriber
        </ActionButton>
      </header>
      <PagedList
        label="Prescribers"
        noun="prescriber"
        source={prescriberSource}
        columnsClass="prescriber-columns"
        columns={columns}
        renderRow={(row) => <PrescriberCells row={row} />}
        onOpen={(row) => navigate({ screen: 'prescribers', prescriberId: row.id })}
        empty={
          <p className="muted">
            No prescribers yet. Add the first with <kbd>Alt+N</kbd>.
          </p>
        }
      />
    </main>
  );
}
