// Part 2, the prescriber: left out, a new prescriber, or one on file by NPI or id (the usual way: the NPI on the script).
import { uuid } from '../../../contract/service/common.ts';
import { personName } from '../../format/record-values.ts';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { usePrescriberLookup } from '../../queries/intake.ts';
import { AddressFields, LicenseFields, PrescriberIdFields } from '../../records/PersonFields.tsx';
import type { PrescriberFormValues } from '../../records/prescriber-form.ts';
import { npiDigits } from './build-body.ts';
import { useIntakeStore } from './intake-store.ts';
import { PartFrame } from './PartFrame.tsx';
import { useBinder, useSettled } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.prescriber;

const genderChoices = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

function PrescriberLookup() {
  const { refKey, ref } = useIntakeStore((state) => state.draft.prescriber);
  const typed = useSettled(refKey === 'npi' ? npiDigits(ref) : ref.trim());
  const wellFormed = refKey === 'npi' ? /^\d{10}$/.test(typed) : uuid.safeParse(typed).success;
  const lookup = usePrescriberLookup(wellFormed ? typed : null);
  if (!wellFormed) return null;
  if (lookup.isPending) return <span className="muted">{intakeWords.lookingUp}</span>;
  if (lookup.isError) {
    const notFound = (lookup.error as { notFound?: boolean }).notFound;
    return (
      <span className="intake-lookup-miss">
        {notFound ? intakeWords.prescriberNotFound(refKey) : intakeWords.prescriberNotLookedUp}
      </span>
    );
  }
  const prescriber = lookup.data;
  return (
    <span className="intake-lookup-hit">
      {personName(prescriber)}
      {intakeWords.npi}
      {prescriber.npi ?? '—'}
      {prescriber.is_active === false ? intakeWords.inactive : ''}
    </span>
  );
}

function NewPrescriberFields() {
  const bind = useBinder();
  const field = (key: keyof PrescriberFormValues) =>
    bind(
      `prescriber.${key}`,
      (draft) => draft.prescriber.fields[key],
      (draft, value) => {
        draft.prescriber.fields[key] = value;
      },
    );
  return (
    <div className="form-sections">
      <FieldGroup legend={labels.newPrescriber} className="wide">
        <TextField label={labels.firstName} required {...field('first_name')} />
        <TextField label={labels.middleName} {...field('middle_name')} />
        <TextField label={labels.lastName} required {...field('last_name')} />
        <PrescriberIdFields text={field} />
        <SelectField label={labels.gender} choices={genderChoices} {...field('gender')} />
        <TextField label={labels.dateOfBirth} type="date" {...field('date_of_birth')} />
      </FieldGroup>
      <AddressFields legend={labels.practiceAddress} suite={labels.suite} className="wide" text={field} />
      <LicenseFields legend={labels.stateLicense} className="wide" text={field} />
    </div>
  );
}

export function PrescriberSection() {
  return <PartFrame part="prescriber" lookup={<PrescriberLookup />} fresh={<NewPrescriberFields />} />;
}
