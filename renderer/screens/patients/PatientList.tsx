// The patient list: every patient, sorted by name, in a virtual list that reads its pages as it scrolls.
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { fetchPatientPage, PATIENT_PAGE_SIZE, type PatientRow, patientKeys } from '../../queries/patients.ts';
import { formatDay, formatPhone, listName } from '../../records/format.ts';
import { PagedList } from '../../records/list/PagedList.tsx';
import type { PagedSource } from '../../records/list/usePagedRows.ts';
import { navigate } from '../../state/navigation.ts';

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
  useCommands([{ id: 'patients.new', title: 'New patient', group: 'Patients', shortcut: 'Alt+N', run: onNew }]);
  return (
    <main className="screen records" aria-labelledby="patients-title">
      <header className="records-head">
        <h1 id="patients-title">Patients</h1>
        <ActionButton primary shortcut="Alt+N" onClick={onNew}>
          New patient
        </ActionButton>
      </header>
      <PagedList
        label="Patients"
        noun="patient"
        source={patientSource}
        columnsClass="patient-columns"
        columns={columns}
        renderRow={(row) => <PatientCells row={row} />}
        onOpen={(row) => navigate({ screen: 'patients', patientId: row.id })}
        empty={
          <p className="muted">
            No patients yet. Add the first with <kbd>Alt+N</kbd>.
          </p>
        }
      />
    </main>
  );
}
