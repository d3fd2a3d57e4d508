// Field groups that a patient, a prescriber's practice and an order's shipping all have: an address, and a patient's
// guardian; and a prescriber's identifiers and contact, and a state license. One place, so the intake and the record screens ask for them the
// same way.
import { type Choice, FieldGroup, SelectField, TextField } from '../forms/Field.tsx';
import { addressLabels, prescriberLabels } from './field-labels.ts';
import { stateChoices } from './us-states.ts';

/** One text field's binding: its value, how it changes, its error. */
export interface TextBinding {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

export type AddressKey = 'address_1' | 'address_2' | 'city' | 'state' | 'zip_code';

export function AddressFields(props: {
  legend: string;
  /** The second line's label ("Apartment, suite", "Suite"). */
  suite: string;
  className?: string;
  text(key: AddressKey): TextBinding;
}) {
  const { text } = props;
  return (
    <FieldGroup legend={props.legend} className={props.className}>
      <TextField label={addressLabels.street} className="span-2" {...text('address_1')} />
      <TextField label={props.suite} {...text('address_2')} />
      <TextField label={addressLabels.city} {...text('city')} />
      <SelectField
        label={addressLabels.state}
        choices={stateChoices}
        blank={addressLabels.chooseState}
        {...text('state')}
      />
      <TextField label={addressLabels.zip} inputMode="numeric" maxLength={10} {...text('zip_code')} />
    </FieldGroup>
  );
}

export type GuardianKey = 'guardian_name' | 'guardian_relationship' | 'guardian_phone' | 'guardian_email';

export function GuardianFields(props: {
  relationshipChoices: readonly Choice[];
  /** Said under the relationship (e.g. that the list of relationships could not be read). */
  relationshipHint?: string | undefined;
  text(key: GuardianKey): TextBinding;
}) {
  const { text } = props;
  return (
    <FieldGroup legend="Guardian">
      <TextField label="Guardian name" {...text('guardian_name')} />
      <SelectField
        label="Relationship to the patient"
        choices={props.relationshipChoices}
        hint={props.relationshipHint}
        {...text('guardian_relationship')}
      />
      <TextField label="Guardian phone" type="tel" inputMode="tel" {...text('guardian_phone')} />
      <TextField label="Guardian email" type="email" {...text('guardian_email')} />
    </FieldGroup>
  );
}

export type PrescriberIdKey = 'npi' | 'dea' | 'phone' | 'email';

/** A new prescriber's NPI, DEA number, phone and email, inside the group the form lays them out in. */
export function PrescriberIdFields({ text }: { text(key: PrescriberIdKey): TextBinding }) {
  return (
    <>
      <TextField
        label={prescriberLabels.npi}
        required
        inputMode="numeric"
        maxLength={12}
        hint={prescriberLabels.npiHint}
        {...text('npi')}
      />
      <TextField label={prescriberLabels.dea} maxLength={9} hint={prescriberLabels.deaHint} {...text('dea')} />
      <TextField label={prescriberLabels.phone} type="tel" inputMode="tel" {...text('phone')} />
      <TextField label={prescriberLabels.email} type="email" {...text('email')} />
    </>
  );
}

export type LicenseKey = 'license_state' | 'license_number' | 'license_expiration' | 'license_description';

/** A prescriber's state license: the state, its number, when it expires, what it covers. */
export function LicenseFields(props: { legend: string; className?: string; text(key: LicenseKey): TextBinding }) {
  const { text } = props;
  return (
    <FieldGroup legend={props.legend} className={props.className}>
      <SelectField
        label={prescriberLabels.licenseState}
        choices={stateChoices}
        blank={addressLabels.chooseState}
        {...text('license_state')}
      />
      <TextField label={prescriberLabels.licenseNumber} {...text('license_number')} />
      <TextField label={prescriberLabels.expires} type="date" {...text('license_expiration')} />
      <TextField label={prescriberLabels.description} {...text('license_description')} />
    </FieldGroup>
  );
}
