// The new-prescriber form's fields: who, identifiers, contact, a practice address and a first state license.
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import type { FormState } from '../../forms/useFormState.ts';
import type { PrescriberFormValues } from '../../records/prescriber-form.ts';
import { stateChoices } from '../../records/us-states.ts';

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
      <FieldGroup legend="Prescriber">
        <TextField label="First name" required {...field('first_name')} />
        <TextField label="Middle name" {...field('middle_name')} />
        <TextField label="Last name" required {...field('last_name')} />
        <SelectField label="Gender" choices={genderChoices} {...field('gender')} />
        <TextField label="Date of birth" type="date" {...field('date_of_birth')} />
      </FieldGroup>
      <FieldGroup legend="Identifiers and contact">
        <TextField label="NPI" required inputMode="numeric" maxLength={12} hint="10 digits" {...field('npi')} />
        <TextField label="DEA number" maxLength={9} hint="2 letters and 7 digits" {...field('dea')} />
        <TextField label="Phone" type="tel" inputMode="tel" {...field('phone')} />
        <TextField label="Email" type="email" {...field('email')} />
      </FieldGroup>
      <FieldGroup legend="Practice address">
        <TextField label="Street" {...field('address_1')} />
        <TextField label="Suite" {...field('address_2')} />
        <TextField label="City" {...field('city')} />
        <SelectField label="State" choices={stateChoices} blank="Choose a state" {...field('state')} />
        <TextField label="ZIP code" inputMode="numeric" maxLength={10} {...field('zip_code')} />
      </FieldGroup>
      <FieldGroup legend="First state license">
        <SelectField label="License state" choices={stateChoices} blank="Choose a state" {...field('license_state')} />
        <TextField label="License number" {...field('license_number')} />
        <TextField label="Expires" type="date" {...field('license_expiration')} />
        <TextField label="Description" {...field('license_description')} />
      </FieldGroup>
    </div>
  );
}
