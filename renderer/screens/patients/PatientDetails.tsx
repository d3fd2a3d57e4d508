// One patient: who they are, their risk factors and their orders; Alt+E edits, Escape goes back to the list.
import { useState } from 'react';
import { StaleNote } from '../../app/StaleNote.tsx';
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { usePatient } from '../../queries/patients.ts';
import { messageOf, type StationCallError } from '../../queries/station.ts';
import { ageOn, formatDay, localDay, personName } from '../../records/format.ts';
import { navigate } from '../../state/navigation.ts';
import { EditPatient } from './EditPatient.tsx';
import { PatientFacts } from './PatientFacts.tsx';
import { PatientOrders } from './PatientOrders.tsx';
import { RiskFactors } from './RiskFactors.tsx';

const toList = () => navigate({ screen: 'patients' });

export function PatientDetails({ patientId }: { patientId: string }) {
  const patient = usePatient(patientId);
  const [editing, setEditing] = useState(false);
  const data = patient.data;
  useCommands([
    {
      id: 'patient.edit',
      title: 'Edit this patient',
      group: 'Patient',
      shortcut: 'Alt+E',
      enabled: data !== undefined && !editing,
      run: () => setEditing(true),
    },
    {
      id: 'patient.list',
      title: 'Back to all patients',
      group: 'Patient',
      shortcut: 'Escape',
      enabled: !editing,
      run: toList,
    },
  ]);

  if (patient.isPending) return <p className="screen muted">Reading the patient…</p>;
  if (!data) {
    const notFound = (patient.error as StationCallError | null)?.notFound;
    return (
      <main className="screen records" aria-label="Patient">
        <div className="notice notice-bad" role="alert">
          {notFound ? 'There is no patient with this id.' : messageOf(patient.error)}
        </div>
        <ActionButton shortcut="Escape" onClick={toList}>
          All patients
        </ActionButton>
      </main>
    );
  }
  if (editing) return <EditPatient patient={data} onDone={() => setEditing(false)} />;

  const age = ageOn(data.date_of_birth, localDay());
  const facts = [
    `Born ${formatDay(data.date_of_birth)}${age !== null ? ` (${age} years)` : ''}`,
    data.gender ? data.gender.charAt(0).toUpperCase() + data.gender.slice(1) : null,
    data.external_id ? `External id ${data.external_id}` : null,
  ].filter(Boolean);
  return (
    <main className="screen records" aria-labelledby="patient-title">
      <header className="records-head">
        <div>
          <h1 id="patient-title">
            {personName(data)}
            {data.is_minor ? <span className="pill pill-warn">Minor</span> : null}
          </h1>
          <p className="muted">{facts.join(' · ')}</p>
        </div>
        <div className="row">
          <ActionButton shortcut="Alt+E" onClick={() => setEditing(true)}>
            Edit
          </ActionButton>
          <ActionButton shortcut="Escape" onClick={toList}>
            All patients
          </ActionButton>
        </div>
      </header>
      <StaleNote updatedAt={patient.dataUpdatedAt} refreshFailed={patient.isError} />
      <div className="patient-layout">
        <PatientFacts patient={data} />
        <RiskFactors patientId={data.id} />
      </div>
      <PatientOrders patientId={data.id} />
    </main>
  );
}
