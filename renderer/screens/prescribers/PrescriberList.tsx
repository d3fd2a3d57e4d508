// The prescriber list: name, credentials, NPI and licensed states, in the same virtual list as patients.
import {
  fetchPrescriberPage,
  PRESCRIBER_PAGE_SIZE,
  type PrescriberRow,
  prescriberKeys,
} from '../../queries/prescribers.ts';
import { listName } from '../../records/format.ts';
import { RecordList } from '../../records/list/RecordList.tsx';
import type { PagedSource } from '../../records/list/usePagedRows.ts';
import { navigate } from '../../state/navigation.ts';
import { prescriberWords } from './wording.ts';

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
  return (
    <RecordList
      words={prescriberWords}
      onNew={onNew}
      source={prescriberSource}
      columnsClass="prescriber-columns"
      columns={columns}
      renderRow={(row) => <PrescriberCells row={row} />}
      onOpen={(row) => navigate({ screen: 'prescribers', prescriberId: row.id })}
    />
  );
}
