// The prescriber list: name, credentials, NPI and licensed states, in the same virtual list as patients.

import { listName } from '../../format/record-values.ts';
import {
  fetchPrescriberPage,
  PRESCRIBER_PAGE_SIZE,
  type PrescriberRow,
  prescriberKeys,
} from '../../queries/prescribers.ts';
import type { RecordListKind } from '../../records/list/RecordList.tsx';
import { navigate } from '../../state/navigation-store.ts';
import { prescriberWords } from './wording.ts';

function PrescriberCells({ row }: { row: PrescriberRow }) {
  return (
    <>
      <span className="cell-name">
        {listName(row)}
        {row.is_active ? null : <span className="pill pill-plain">{prescriberWords.inactive}</span>}
      </span>
      <span>{row.credentials || '—'}</span>
      <span className="cell-code">{row.npi ?? '—'}</span>
      <span>{row.states || prescriberWords.noActiveLicense}</span>
    </>
  );
}

export const prescriberList: RecordListKind<PrescriberRow> = {
  words: prescriberWords,
  source: { key: prescriberKeys.list, pageSize: PRESCRIBER_PAGE_SIZE, fetchPage: fetchPrescriberPage },
  Cells: PrescriberCells,
  open: (row) => navigate({ screen: 'prescribers', prescriberId: row.id }),
};
