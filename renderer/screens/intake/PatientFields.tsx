// A new patient's fields: the essentials an intake needs in view, the rest (guardian, health, identifiers) on demand.
import { useEffect, useState } from 'react';
import { CheckField, FieldGroup, SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import { relationshipOption, useGuardianRelationshipTypes } from '../../queries/patients.ts';
import { GuardianFields } from '../../records/PersonFields.tsx';
import type { TextField as PatientTextKey, TickField } from '../../records/patient-form.ts';
import { stateChoices } from '../../records/us-states.ts';
import { useIntakeStore } from './intake-store.ts';
import { editIntake, useBinder, usePlacedIssues } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.patient;

const genderChoices = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
];

/** Fields inside "More patient fields": an error on one of them opens it. */
const moreKeys: readonly string[] = [
  'guardian_name',
  'guardian_relationship',
  'guardian_phone',
  'guardian_email',
  'height_inches',
  'weight_pounds',
  'is_smoker',
  'is_diabetic',
  'is_pregnant',
  'primary_language',
  'driver_license_number',
  'driver_license_state',
  'ssn',
  'medications',
  'receive_sms',
  'receive_email',
];

function usePatientBindings() {
  const bind = useBinder();
  const ticks = useIntakeStore((state) => state.draft.patient.fields);
  const placed = usePlacedIssues();
  const text = (key: PatientTextKey) =>
    bind(
      `patient.${key}`,
      (draft) => draft.patient.fields[key],
      (draft, value) => {
        draft.patient.fields[key] = value;
      },
    );
  const tick = (key: TickField) => ({
    checked: ticks[key],
    onChange: (checked: boolean) =>
      editIntake(
        (draft) => {
          draft.patient.fields[key] = checked;
        },
        { key: `patient.${key}` },
      ),
    error: placed.fields[`patient.${key}`],
  });
  const moreHasError = moreKeys.some((key) => placed.fields[`patient.${key}`] !== undefined);
  return { text, tick, moreHasError };
}

function MorePatientFields({ text, tick }: Pick<ReturnType<typeof usePatientBindings>, 'text' | 'tick'>) {
  const relationships = useGuardianRelationshipTypes();
  const relationshipChoices = (relationships.data ?? []).map(relationshipOption).filter((choice) => choice.value);
  return (
    <div className="form-sections">
      <GuardianFields relationshipChoices={relationshipChoices} text={text} />
      <FieldGroup legend={labels.health}>
        <TextField label={labels.height} inputMode="numeric" {...text('height_inches')} />
        <TextField label={labels.weight} inputMode="numeric" {...text('weight_pounds')} />
        <CheckField label={labels.smoker} {...tick('is_smoker')} />
        <CheckField label={labels.diabetic} {...tick('is_diabetic')} />
        <CheckField label={labels.pregnant} {...tick('is_pregnant')} />
        <TextAreaField label={labels.medicationsTaken} {...text('medications')} />
      </FieldGroup>
      <FieldGroup legend={labels.identifiersAndPreferences} className="wide">
        <TextField label={labels.language} {...text('primary_language')} />
        <TextField label={labels.licenseNumber} {...text('driver_license_number')} />
        <SelectField label={labels.licenseState} choices={stateChoices} {...text('driver_license_state')} />
        <TextField label={labels.ssn} hint={labels.ssnHint} {...text('ssn')} />
        <CheckField label={labels.texts} {...tick('receive_sms')} />
        <CheckField label={labels.emails} {...tick('receive_email')} />
      </FieldGroup>
    </div>
  );
}

export function PatientFields() {
  const { text, tick, moreHasError } = usePatientBindings();
  const [open, setOpen] = useState(moreHasError);
  useEffect(() => {
    if (moreHasError) setOpen(true);
  }, [moreHasError]);
  return (
    <div className="intake-fields">
      <FieldGroup legend={labels.newPatient} className="wide">
        <TextField label={labels.firstName} required {...text('first_name')} />
        <TextField label={labels.middleName} {...text('middle_name')} />
        <TextField label={labels.lastName} required {...text('last_name')} />
        <TextField label={labels.dateOfBirth} type="date" required {...text('date_of_birth')} />
        <SelectField label={labels.gender} choices={genderChoices} {...text('gender')} />
        <TextField label={labels.phone} type="tel" inputMode="tel" hint={labels.phoneHint} {...text('phone')} />
        <TextField label={labels.email} type="email" {...text('email')} />
        <TextField label={labels.externalId} hint={labels.externalIdHint} {...text('external_id')} />
      </FieldGroup>
      <div className="form-sections">
        <FieldGroup legend={labels.homeAddress}>
          <TextField label={labels.street} className="span-2" {...text('address_1')} />
          <TextField label={labels.apartment} {...text('address_2')} />
          <TextField label={labels.city} {...text('city')} />
          <SelectField label={labels.state} choices={stateChoices} blank={labels.chooseState} {...text('state')} />
          <TextField label={labels.zip} inputMode="numeric" maxLength={10} {...text('zip_code')} />
        </FieldGroup>
        <FieldGroup legend={labels.toldRisks}>
          <TextAreaField label={labels.allergies} placeholder={labels.allergiesExample} {...text('allergies')} />
          <TextAreaField label={labels.conditions} placeholder={labels.conditionsExample} {...text('conditions')} />
        </FieldGroup>
      </div>
      <details className="intake-more" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{intakeWords.morePatientFields}</summary>
        <MorePatientFields text={text} tick={tick} />
      </details>
    </div>
  );
}
