// One patient: who they are, their risk factors and their orders; Alt+E edits, Escape goes back to the list.
import { useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ageOn, formatDay, localDay, personName } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { usePatient } from '../../queries/patients.ts';
import { RecordHead } from '../../records/RecordHead.tsx';
import { RecordNotRead } from '../../records/RecordNotRead.tsx';
import { navigate } from '../../state/navigation-store.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { EditPatient } from './EditPatient.tsx';
import { PatientFacts } from './PatientFacts.tsx';
import { PatientOrders } from './PatientOrders.tsx';
import { RiskFactors } from './RiskFactors.tsx';
import { patientWords } from './wording.ts';

const toList = () => navigate({ screen: 'patients' });

export function PatientDetails({ patientId }: { patientId: string }) {
  const patient = usePatient(patientId);
  const [editing, setEditing] = useState(false);
  const data = patient.data;
  useCommands([
    {
      id: 'patient.edit',
      title: patientWords.editCommand,
      group: patientWords.group,
      shortcut: 'Alt+E',
      enabled: data !== undefined && !editing,
      run: () => setEditing(true),
    },
    {
      id: 'patient.list',
      title: patientWords.toListCommand,
      group: patientWords.group,
      shortcut: 'Escape',
      enabled: !editing,
      run: toList,
    },
  ]);

  if (!data) {
    return <RecordNotRead query={patient} words={patientWords} onBack={toList} />;
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
      <RecordHead
        titleId="patient-title"
        title={
          <>
            {personName(data)}
            {data.is_minor ? <span className="pill pill-warn">{patientWords.minor}</span> : null}
          </>
        }
        below={<p className="muted">{facts.join(' · ')}</p>}
        actions={
          <div className="row">
            <ActionButton shortcut="Alt+E" onClick={() => setEditing(true)}>
              {patientWords.edit}
            </ActionButton>
            <ActionButton shortcut="Escape" onClick={toList}>
              {patientWords.toList}
            </ActionButton>
          </div>
        }
      />
      <StaleNote updatedAt={patient.dataUpdatedAt} refreshFailed={patient.isError} />
      <div className="patient-layout">
        <PatientFacts patient={data} />
        <RiskFactors patientId={data.id} />
      </div>
      <PatientOrders patientId={data.id} />
    </main>
  );
}
