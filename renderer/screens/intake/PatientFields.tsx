// A new patient's fields: the essentials an intake needs in view, the rest (guardian, health, identifiers) on demand.
import { useEffect, useState } from 'react';
import { CheckField, FieldGroup, SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import { relationshipOption, useGuardianRelationshipTypes } from '../../queries/patients.ts';
import { GuardianFields } from '../../records/PersonFields.tsx';
import type { TextField as PatientTextKey, TickField } from '../../records/patient-form.ts';
import { stateChoices } from '../../records/us-states.ts';
import { useIntakeStore } from './intake-store.ts';
import { editIntake, useBinder, usePlacedIssues } from './use-intake.ts';

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
      <FieldGroup legend="Health">
        <TextField label="Height (inches)" inputMode="numeric" {...text('height_inches')} />
        <TextField label="Weight (pounds)" inputMode="numeric" {...text('weight_pounds')} />
        <CheckField label="Smoker" {...tick('is_smoker')} />
        <CheckField label="Diabetic" {...tick('is_diabetic')} />
        <CheckField label="Pregnant" {...tick('is_pregnant')} />
        <TextAreaField label="Medications taken" {...text('medications')} />
      </FieldGroup>
      <FieldGroup legend="Identifiers and preferences" className="wide">
        <TextField label="Primary language" {...text('primary_language')} />
        <TextField label="Driver license number" {...text('driver_license_number')} />
        <SelectField label="Driver license state" choices={stateChoices} {...text('driver_license_state')} />
        <TextField label="SSN" hint="9 digits" {...text('ssn')} />
        <CheckField label="Text messages allowed" {...tick('receive_sms')} />
        <CheckField label="Emails allowed" {...tick('receive_email')} />
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
      <FieldGroup legend="New patient" className="wide">
        <TextField label="First name" required {...text('first_name')} />
        <TextField label="Middle name" {...text('middle_name')} />
        <TextField label="Last name" required {...text('last_name')} />
        <TextField label="Date of birth" type="date" required {...text('date_of_birth')} />
        <SelectField label="Gender" choices={genderChoices} {...text('gender')} />
        <TextField label="Phone" type="tel" inputMode="tel" hint="10 digits, any format" {...text('phone')} />
        <TextField label="Email" type="email" {...text('email')} />
        <TextField label="External id" hint="The clinic’s own id" {...text('external_id')} />
      </FieldGroup>
      <div className="form-sections">
        <FieldGroup legend="Home address">
          <TextField label="Street" className="span-2" {...text('address_1')} />
          <TextField label="Apartment, suite" {...text('address_2')} />
          <TextField label="City" {...text('city')} />
          <SelectField label="State" choices={stateChoices} blank="Choose a state" {...text('state')} />
          <TextField label="ZIP code" inputMode="numeric" maxLength={10} {...text('zip_code')} />
        </FieldGroup>
        <FieldGroup legend="Allergies and conditions, as told">
          <TextAreaField label="Allergies" placeholder="e.g. penicillin and latex" {...text('allergies')} />
          <TextAreaField label="Conditions" placeholder="e.g. asthma" {...text('conditions')} />
        </FieldGroup>
      </div>
      <details className="intake-more" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>More patient fields: guardian, health, identifiers</summary>
        <MorePatientFields text={text} tick={tick} />
      </details>
    </div>
  );
}
