// The patient form's fields, grouped as a pharmacist reads a chart: who, how to reach them, where, guardian, health.

import { CheckField, FieldGroup, SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import { relationshipOption, useGuardianRelationshipTypes } from '../../queries/patients.ts';
import { AddressFields, GuardianFields } from '../../records/PersonFields.tsx';
import type { PatientFormValues, TextField as TextKey, TickField } from '../../records/patient-form.ts';
import { stateChoices } from '../../records/us-states.ts';
import { patientWords } from './wording.ts';

const words = patientWords.fields;

type Form = FormState<PatientFormValues>;

const genderChoices = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
];

function useText(form: Form) {
  return (key: TextKey) => ({
    value: form.values[key],
    onChange: (value: string) => form.set(key, value),
    error: form.errors[key],
  });
}

function useTick(form: Form) {
  return (key: TickField) => ({
    checked: form.values[key],
    onChange: (checked: boolean) => form.set(key, checked),
    error: form.errors[key],
  });
}

export function PatientForm({ form, mode }: { form: Form; mode: 'create' | 'edit' }) {
  const text = useText(form);
  const tick = useTick(form);
  const relationships = useGuardianRelationshipTypes();
  const relationshipChoices = (relationships.data ?? []).map(relationshipOption).filter((choice) => choice.value);
  return (
    <div className="form-sections">
      <FieldGroup legend={words.patient}>
        <TextField label={words.firstName} required autoComplete="off" {...text('first_name')} />
        <TextField label={words.middleName} {...text('middle_name')} />
        <TextField label={words.lastName} required {...text('last_name')} />
        <TextField label={words.dateOfBirth} type="date" required {...text('date_of_birth')} />
        <SelectField label={words.gender} choices={genderChoices} {...text('gender')} />
        <TextField label={words.language} {...text('primary_language')} />
      </FieldGroup>
      <FieldGroup legend={words.contact}>
        <TextField label={words.phone} type="tel" inputMode="tel" hint={words.phoneHint} {...text('phone')} />
        <TextField label={words.email} type="email" {...text('email')} />
        <CheckField label={words.texts} {...tick('receive_sms')} />
        <CheckField label={words.emails} {...tick('receive_email')} />
      </FieldGroup>
      <AddressFields legend={words.homeAddress} suite={words.suite} className="wide" text={text} />
      <GuardianFields
        relationshipChoices={relationshipChoices}
        relationshipHint={relationships.isError ? words.relationshipsNotRead : undefined}
        text={text}
      />
      <FieldGroup legend={words.health}>
        <TextField label={words.height} inputMode="numeric" {...text('height_inches')} />
        <TextField label={words.weight} inputMode="numeric" {...text('weight_pounds')} />
        <CheckField label={words.smoker} {...tick('is_smoker')} />
        <CheckField label={words.diabetic} {...tick('is_diabetic')} />
        <CheckField label={words.pregnant} {...tick('is_pregnant')} />
      </FieldGroup>
      <FieldGroup legend={words.identifiers}>
        <TextField label={words.externalId} hint={words.externalIdHint} {...text('external_id')} />
        <TextField label={words.licenseNumber} {...text('driver_license_number')} />
        <SelectField label={words.licenseState} choices={stateChoices} {...text('driver_license_state')} />
        <TextField label={words.ssn} hint={words.ssnHint} {...text('ssn')} />
      </FieldGroup>
      {mode === 'create' ? (
        <FieldGroup legend={words.riskText} className="wide">
          <p className="muted span-all">{words.riskTextHint}</p>
          <TextAreaField label={words.allergies} placeholder={words.allergiesExample} {...text('allergies')} />
          <TextAreaField label={words.conditions} placeholder={words.conditionsExample} {...text('conditions')} />
          <TextAreaField label={words.medications} placeholder={words.medicationsExample} {...text('medications')} />
        </FieldGroup>
      ) : null}
    </div>
  );
}
