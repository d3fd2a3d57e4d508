// Part 1, the patient: left out, a new patient (the essentials, more on demand), or one on file by id or external id.
import { uuid } from '../../../contract/service/common.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { usePatientLookup } from '../../queries/intake.ts';
import { formatDay, personName } from '../../records/format.ts';
import { useIntakeStore } from './intake-store.ts';
import { type ModeChoice, PartFrame } from './PartFrame.tsx';
import { PatientFields } from './PatientFields.tsx';
import { ReferenceField } from './ReferenceField.tsx';
import { editIntake, useSettled } from './use-intake.ts';

const choices: ModeChoice[] = [
  { mode: 'none', label: 'Leave out' },
  { mode: 'new', label: 'New patient' },
  { mode: 'existing', label: 'Patient on file' },
];

const keyChoices = [
  { value: 'id', label: 'Patient id', hint: 'The station’s id, as on the patient’s page' },
  { value: 'external_id', label: 'External id', hint: 'The clinic’s own id for the patient' },
];

function PatientLookup() {
  const { refKey, ref } = useIntakeStore((state) => state.draft.patient);
  const typed = useSettled(ref.trim());
  const key = typed === '' || (refKey === 'id' && !uuid.safeParse(typed).success) ? null : typed;
  const lookup = usePatientLookup(key);
  if (key === null) return null;
  if (lookup.isPending) return <span className="muted">Looking up…</span>;
  if (lookup.isError) {
    const notFound = (lookup.error as { notFound?: boolean }).notFound;
    return (
      <span className="intake-lookup-miss">
        {notFound ? 'No patient on file with this key.' : 'The patient could not be looked up now.'}
      </span>
    );
  }
  const patient = lookup.data;
  return (
    <span className="intake-lookup-hit">
      {personName(patient)}, born {formatDay(patient.date_of_birth)}
      {patient.is_active === false ? ' (inactive)' : ''}
    </span>
  );
}

function ExistingPatientOffer() {
  const offer = useIntakeStore((state) => (state.failure?.offer?.part === 'patient' ? state.failure.offer : null));
  if (!offer) return null;
  return (
    <div className="notice notice-warn intake-offer">
      <p>This patient is already on file. Send the intake for the patient on file instead of creating a second one?</p>
      <ActionButton
        onClick={() =>
          editIntake(
            (draft) => {
              draft.patient = { ...draft.patient, mode: 'existing', refKey: 'id', ref: offer.id };
            },
            { part: 'patient' },
          )
        }
      >
        Use the patient on file
      </ActionButton>
    </div>
  );
}

export function PatientSection() {
  const mode = useIntakeStore((state) => state.draft.patient.mode);
  return (
    <PartFrame
      part="patient"
      number={1}
      choices={choices}
      hint="A new patient is checked for duplicates by the service; a patient on file is only referenced."
      offer={<ExistingPatientOffer />}
    >
      {mode === 'existing' ? (
        <ReferenceField part="patient" keyChoices={keyChoices} lookup={<PatientLookup />} />
      ) : null}
      {mode === 'new' ? <PatientFields /> : null}
    </PartFrame>
  );
}
