// Part 1, the patient: left out, a new patient (the essentials, more on demand), or one on file by id or external id.
import { uuid } from '../../../contract/service/common.ts';
import { formatDay, personName } from '../../format/record-values.ts';
import { usePatientLookup } from '../../queries/intake.ts';
import { useIntakeStore } from './intake-store.ts';
import { PartFrame } from './PartFrame.tsx';
import { PatientFields } from './PatientFields.tsx';
import { PatientFinder } from './PatientFinder.tsx';
import { useSettled } from './use-intake.ts';
import { intakeWords } from './wording.ts';

function PatientLookup() {
  const { refKey, ref } = useIntakeStore((state) => state.draft.patient);
  const typed = useSettled(ref.trim());
  const key = typed === '' || (refKey === 'id' && !uuid.safeParse(typed).success) ? null : typed;
  const lookup = usePatientLookup(key);
  if (key === null) return null;
  if (lookup.isPending) return <span className="muted">{intakeWords.lookingUp}</span>;
  if (lookup.isError) {
    const notFound = (lookup.error as { notFound?: boolean }).notFound;
    return (
      <span className="intake-lookup-miss">
        {notFound ? intakeWords.patientNotFound : intakeWords.patientNotLookedUp}
      </span>
    );
  }
  const patient = lookup.data;
  return (
    <span className="intake-lookup-hit">
      {personName(patient)}
      {intakeWords.born}
      {formatDay(patient.date_of_birth)}
      {patient.is_active === false ? intakeWords.inactive : ''}
    </span>
  );
}

export function PatientSection() {
  const lookup = (
    <>
      <PatientLookup />
      <PatientFinder />
    </>
  );
  return <PartFrame part="patient" lookup={lookup} fresh={<PatientFields />} />;
}
