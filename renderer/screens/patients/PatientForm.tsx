// The patient form's fields, grouped as a pharmacist reads a chart: who, how to reach them, where, guardian, health.

import { CheckField, FieldGroup, SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import { relationshipOption, useGuardianRelationshipTypes } from '../../queries/patients.ts';
import { AddressFields, GuardianFields } from '../../records/PersonFields.tsx';
import type { PatientFormValues, TextField as TextKey, TickField } from '../../records/patient-form.ts';
import { stateChoices } from '../../records/us-states.ts';

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
      <FieldGroup legend="Patient">
        <TextField label="First name" required autoComplete="off" {...text('first_name')} />
        <TextField label="Middle name" {...text('middle_name')} />
        <TextField label="Last name" required {...text('last_name')} />
        <TextField label="Date of birth" type="date" required {...text('date_of_birth')} />
        <SelectField label="Gender" choices={genderChoices} {...text('gender')} />
        <TextField label="Primary language" {...text('primary_language')} />
      </FieldGroup>
      <FieldGroup legend="Contact">
        <TextField label="Phone" type="tel" inputMode="tel" hint="10 digits, any format" {...text('phone')} />
        <TextField label="Email" type="email" {...text('email')} />
        <CheckField label="Text messages allowed" {...tick('receive_sms')} />
        <CheckField label="Emails allowed" {...tick('receive_email')} />
      </FieldGroup>
      <AddressFields legend="Home address" suite="Apartment, suite" className="wide" text={text} />
      <GuardianFields
        relationshipChoices={relationshipChoices}
        relationshipHint={relationships.isError ? 'The list of relationships could not be read.' : undefined}
        text={text}
      />
      <FieldGroup legend="Health">
        <TextField label="Height (inches)" inputMode="numeric" {...text('height_inches')} />
        <TextField label="Weight (pounds)" inputMode="numeric" {...text('weight_pounds')} />
        <CheckField label="Smoker" {...tick('is_smoker')} />
        <CheckField label="Diabetic" {...tick('is_diabetic')} />
        <CheckField label="Pregnant" {...tick('is_pregnant')} />
      </FieldGroup>
      <FieldGroup legend="Identifiers">
        <TextField label="External id" hint="The clinic's own id for this patient" {...text('external_id')} />
        <TextField label="Driver license number" {...text('driver_license_number')} />
        <SelectField label="Driver license state" choices={stateChoices} {...text('driver_license_state')} />
        <TextField label="SSN" hint="9 digits" {...text('ssn')} />
      </FieldGroup>
      {mode === 'create' ? (
        <FieldGroup legend="Risk factors as text" className="wide">
          <p className="muted span-all">
            Type them as the patient said them; the service reads them into matches you can confirm on the patient’s
            page.
          </p>
          <TextAreaField label="Allergies" placeholder="e.g. penicillin and latex" {...text('allergies')} />
          <TextAreaField label="Conditions" placeholder="e.g. asthma, type 2 diabetes" {...text('conditions')} />
          <TextAreaField label="Medications" placeholder="e.g. lisinopril 10mg" {...text('medications')} />
        </FieldGroup>
      ) : null}
    </div>
  );
}
