// The patient list: every patient, sorted by name, in a virtual list that reads its pages as it scrolls.
import { fetchPatientPage, PATIENT_PAGE_SIZE, type PatientRow, patientKeys } from '../../queries/patients.ts';
import { formatDay, formatPhone, listName } from '../../records/format.ts';
import { RecordList } from '../../records/list/RecordList.tsx';
import type { PagedSource } from '../../records/list/usePagedRows.ts';
import { navigate } from '../../state/navigation.ts';
import { patientWords } from './wording.ts';

const patientSource: PagedSource<PatientRow> = {
  key: patientKeys.list,
  pageSize: PATIENT_PAGE_SIZE,
  fetchPage: fetchPatientPage,
};

const columns = ['Name', 'Date of birth', 'Phone', 'Lives in', 'External id'];

function PatientCells({ row }: { row: PatientRow }) {
  return (
    <>
      <span className="cell-name">
        {listName(row)}
        {row.is_minor ? <span className="pill pill-plain">Minor</span> : null}
      </span>
      <span>{formatDay(row.date_of_birth)}</span>
      <span className="cell-number">{formatPhone(row.phone)}</span>
      <span>{row.city ? `${row.city}, ${row.state ?? ''}` : '—'}</span>
      <span className="cell-code">{row.external_id ?? '—'}</span>
    </>
  );
}

export function PatientList({ onNew }: { onNew(): void }) {
  return (
    <RecordList
      words={patientWords}
      onNew={onNew}
      source={patientSource}
      columnsClass="patient-columns"
      columns={columns}
      renderRow={(row) => <PatientCells row={row} />}
      onOpen={(row) => navigate({ screen: 'patients', patientId: row.id })}
    />
  );
}
