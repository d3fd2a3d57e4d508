// The patient list: every patient, sorted by name, in a virtual list that reads its pages as it scrolls.

import { formatDay, formatPhone, listName } from '../../format/record-values.ts';
import { fetchPatientPage, PATIENT_PAGE_SIZE, type PatientRow, patientKeys } from '../../queries/patients.ts';
import type { RecordListKind } from '../../records/list/RecordList.tsx';
import { navigate } from '../../state/navigation-store.ts';
import { patientWords } from './wording.ts';

function PatientCells({ row }: { row: PatientRow }) {
  return (
    <>
      <span className="cell-name">
        {listName(row)}
        {row.is_minor ? <span className="pill pill-plain">{patientWords.minor}</span> : null}
      </span>
      <span>{formatDay(row.date_of_birth)}</span>
      <span className="cell-number">{formatPhone(row.phone)}</span>
      <span>{row.city ? `${row.city}, ${row.state ?? ''}` : '—'}</span>
      <span className="cell-code">{row.external_id ?? '—'}</span>
    </>
  );
}

export const patientList: RecordListKind<PatientRow> = {
  words: patientWords,
  source: { key: patientKeys.list, pageSize: PATIENT_PAGE_SIZE, fetchPage: fetchPatientPage },
  Cells: PatientCells,
  open: (row) => navigate({ screen: 'patients', patientId: row.id }),
};
