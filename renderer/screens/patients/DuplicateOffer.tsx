// "This patient is already on file": who it is, and a way to open that record instead of creating a second one.
import { useCommands } from '../../commands/command-store.ts';
import { formatDay, personName } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { usePatient } from '../../queries/patients.ts';
import { navigate } from '../../state/navigation-store.ts';
import { patientWords } from './wording.ts';

export const OPEN_EXISTING_SHORTCUT = 'Alt+O';

export function DuplicateOffer({ existingId, message }: { existingId: string | null; message: string }) {
  const existing = usePatient(existingId);
  const open = () => existingId && navigate({ screen: 'patients', patientId: existingId });
  useCommands([
    {
      id: 'patients.openExisting',
      title: patientWords.openExisting,
      group: 'Patients',
      shortcut: OPEN_EXISTING_SHORTCUT,
      enabled: existingId !== null,
      run: open,
    },
  ]);
  const patient = existing.data;
  return (
    <div className="notice notice-warn duplicate-offer" role="alert">
      <p>
        <strong>{patientWords.duplicate.onFile}</strong> {message}
      </p>
      {patient ? (
        <p className="duplicate-who">
          {personName(patient)}
          {patientWords.duplicate.born}
          {formatDay(patient.date_of_birth)}
          {patient.external_id ? patientWords.duplicate.externalId(patient.external_id) : ''}
        </p>
      ) : null}
      {existingId ? (
        <ActionButton primary shortcut={OPEN_EXISTING_SHORTCUT} onClick={open}>
          {patientWords.duplicate.open}
        </ActionButton>
      ) : (
        <p>{patientWords.duplicate.find}</p>
      )}
    </div>
  );
}
