// The new-prescriber form's fields: who, identifiers, contact, a practice address and a first state license.
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import { LicenseFields, PrescriberIdFields } from '../../records/PersonFields.tsx';
import type { PrescriberFormValues } from '../../records/prescriber-form.ts';
import { stateChoices } from '../../records/us-states.ts';
import { prescriberWords } from './wording.ts';

const words = prescriberWords.fields;

const genderChoices = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

export function PrescriberForm({ form }: { form: FormState<PrescriberFormValues> }) {
  const field = (key: keyof PrescriberFormValues) => ({
    value: form.values[key],
    onChange: (value: string) => form.set(key, value),
    error: form.errors[key],
  });
  return (
    <div className="form-sections">
      <FieldGroup legend={words.prescriber}>
        <TextField label={words.firstName} required {...field('first_name')} />
        <TextField label={words.middleName} {...field('middle_name')} />
        <TextField label={words.lastName} required {...field('last_name')} />
        <SelectField label={words.gender} choices={genderChoices} {...field('gender')} />
        <TextField label={words.dateOfBirth} type="date" {...field('date_of_birth')} />
      </FieldGroup>
      <FieldGroup legend={words.identifiers}>
        <PrescriberIdFields text={field} />
      </FieldGroup>
      <FieldGroup legend={words.practiceAddress}>
        <TextField label={words.street} {...field('address_1')} />
        <TextField label={words.suite} {...field('address_2')} />
        <TextField label={words.city} {...field('city')} />
        <SelectField label={words.state} choices={stateChoices} blank={words.chooseState} {...field('state')} />
        <TextField label={words.zip} inputMode="numeric" maxLength={10} {...field('zip_code')} />
      </FieldGroup>
      <LicenseFields legend={words.firstLicense} text={field} />
    </div>
  );
}
