// Part 2, the prescriber: left out, a new prescriber, or one on file by NPI or id (the usual way: the NPI on the script).
import { uuid } from '../../../contract/service/common.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { usePrescriberLookup } from '../../queries/intake.ts';
import { personName } from '../../records/format.ts';
import type { PrescriberFormValues } from '../../records/prescriber-form.ts';
import { stateChoices } from '../../records/us-states.ts';
import { npiDigits } from './build-body.ts';
import { useIntakeStore } from './intake-store.ts';
import { type ModeChoice, PartFrame } from './PartFrame.tsx';
import { ReferenceField } from './ReferenceField.tsx';
import { editIntake, useBinder, useSettled } from './use-intake.ts';

const choices: ModeChoice[] = [
  { mode: 'none', label: 'Leave out' },
  { mode: 'new', label: 'New prescriber' },
  { mode: 'existing', label: 'Prescriber on file' },
];

const genderChoices = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

const keyChoices = [
  { value: 'npi', label: 'NPI', hint: '10 digits, as on the prescription' },
  { value: 'id', label: 'Prescriber id', hint: 'The station’s id, as on the prescriber’s page' },
];

function PrescriberLookup() {
  const { refKey, ref } = useIntakeStore((state) => state.draft.prescriber);
  const typed = useSettled(refKey === 'npi' ? npiDigits(ref) : ref.trim());
  const wellFormed = refKey === 'npi' ? /^\d{10}$/.test(typed) : uuid.safeParse(typed).success;
  const lookup = usePrescriberLookup(wellFormed ? typed : null);
  if (!wellFormed) return null;
  if (lookup.isPending) return <span className="muted">Looking up…</span>;
  if (lookup.isError) {
    const notFound = (lookup.error as { notFound?: boolean }).notFound;
    return (
      <span className="intake-lookup-miss">
        {notFound
          ? `No prescriber on file with this ${refKey === 'npi' ? 'NPI' : 'id'}.`
          : 'The prescriber could not be looked up now.'}
      </span>
    );
  }
  const prescriber = lookup.data;
  return (
    <span className="intake-lookup-hit">
      {personName(prescriber)}, NPI {prescriber.npi ?? '—'}
      {prescriber.is_active === false ? ' (inactive)' : ''}
    </span>
  );
}

function ExistingPrescriberOffer() {
  const offer = useIntakeStore((state) => (state.failure?.offer?.part === 'prescriber' ? state.failure.offer : null));
  if (!offer) return null;
  return (
    <div className="notice notice-warn intake-offer">
      <p>A prescriber with this NPI is already on file. Reference that prescriber instead?</p>
      <ActionButton
        onClick={() =>
          editIntake(
            (draft) => {
              draft.prescriber = { ...draft.prescriber, mode: 'existing', refKey: 'id', ref: offer.id };
            },
            { part: 'prescriber' },
          )
        }
      >
        Use the prescriber on file
      </ActionButton>
    </div>
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
      <FieldGroup legend="New prescriber" className="wide">
        <TextField label="First name" required {...field('first_name')} />
        <TextField label="Middle name" {...field('middle_name')} />
        <TextField label="Last name" required {...field('last_name')} />
        <TextField label="NPI" required inputMode="numeric" maxLength={12} hint="10 digits" {...field('npi')} />
        <TextField label="DEA number" maxLength={9} hint="2 letters and 7 digits" {...field('dea')} />
        <TextField label="Phone" type="tel" inputMode="tel" {...field('phone')} />
        <TextField label="Email" type="email" {...field('email')} />
        <SelectField label="Gender" choices={genderChoices} {...field('gender')} />
        <TextField label="Date of birth" type="date" {...field('date_of_birth')} />
      </FieldGroup>
      <FieldGroup legend="Practice address" className="wide">
        <TextField label="Street" className="span-2" {...field('address_1')} />
        <TextField label="Suite" {...field('address_2')} />
        <TextField label="City" {...field('city')} />
        <SelectField label="State" choices={stateChoices} blank="Choose a state" {...field('state')} />
        <TextField label="ZIP code" inputMode="numeric" maxLength={10} {...field('zip_code')} />
      </FieldGroup>
      <FieldGroup legend="State license" className="wide">
        <SelectField label="License state" choices={stateChoices} blank="Choose a state" {...field('license_state')} />
        <TextField label="License number" {...field('license_number')} />
        <TextField label="Expires" type="date" {...field('license_expiration')} />
        <TextField label="Description" {...field('license_description')} />
      </FieldGroup>
    </div>
  );
}

export function PrescriberSection() {
  const mode = useIntakeStore((state) => state.draft.prescriber.mode);
  return (
    <PartFrame
      part="prescriber"
      number={2}
      choices={choices}
      hint="A prescriber on file is referenced by NPI; a new one is created, and an NPI already on file is refused."
      offer={<ExistingPrescriberOffer />}
    >
      {mode === 'existing' ? (
        <ReferenceField part="prescriber" keyChoices={keyChoices} lookup={<PrescriberLookup />} />
      ) : null}
      {mode === 'new' ? <NewPrescriberFields /> : null}
    </PartFrame>
  );
}
