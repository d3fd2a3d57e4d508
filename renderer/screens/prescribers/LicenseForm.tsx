// Adding a state license, or updating one: a new number for a state replaces its current license, and the form says so.
import type { Qualification } from '../../../contract/service/prescribers.ts';
import { sendBuilt } from '../../forms/built.ts';
import { FieldGroup, SelectField, TextField } from '../../forms/Field.tsx';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useSaveLicense } from '../../queries/prescribers.ts';
import { stateChoices, stateName } from '../../records/us-states.ts';
import {
  buildLicenseBody,
  buildLicenseUpdate,
  emptyLicenseForm,
  type LicenseFormValues,
  licenseFormKeys,
  licenseFormOf,
} from './license-form.ts';
import { licenseReplacedBy } from './licenses.ts';
import { prescriberWords } from './wording.ts';

const words = prescriberWords.licenseForm;

export function LicenseForm(props: {
  prescriberId: string;
  qualifications: readonly Qualification[];
  /** The license being updated; none to add a new one. */
  editing: Qualification | null;
  onDone(message: string | null): void;
}) {
  const { editing } = props;
  const original = editing ? licenseFormOf(editing) : emptyLicenseForm();
  const form = useFormState<LicenseFormValues>(() => original, licenseFormKeys);
  const save = useSaveLicense(props.prescriberId);
  const values = form.values;
  const replaced = editing
    ? values.license_number.trim() !== '' && values.license_number.trim() !== (editing.license_number ?? '')
      ? editing
      : null
    : licenseReplacedBy(props.qualifications, values.state, values.license_number);

  const submit = () => {
    if (save.isPending) return;
    sendBuilt(
      editing ? buildLicenseUpdate(original, values) : buildLicenseBody(values),
      form,
      (body) => {
        const input = editing?.id ? { qualificationId: editing.id, body: body } : { body: body };
        save.mutate(input, {
          onSuccess: (saved) => {
            const number = saved.license_number ?? values.license_number.trim();
            const state = stateName(saved.state ?? values.state);
            props.onDone(words.saved(number, state) + (replaced ? words.oldInactive(replaced.license_number) : ''));
          },
          onError: form.showRefusal,
        });
      },
      () => props.onDone(null),
    );
  };

  const title = editing ? words.updateTitle(editing.license_number ?? '') : words.addTitle;
  return (
    <FormScreen
      id="prescriber.license"
      title={title}
      group={prescriberWords.group}
      embedded
      saveLabel={editing ? words.save : words.add}
      saving={save.isPending}
      dirty={JSON.stringify(values) !== JSON.stringify(original)}
      formErrors={form.formErrors}
      notice={
        replaced ? (
          <p className="notice notice-warn" role="status">
            {words.replaces}
            <strong>{replaced.license_number}</strong>
            {words.for}
            {stateName(replaced.state)}
            {words.oldStays}
          </p>
        ) : null
      }
      onSave={submit}
      onCancel={() => props.onDone(null)}
    >
      <FieldGroup legend={editing ? words.legendIn(stateName(editing.state)) : words.legend}>
        {editing ? null : (
          <SelectField
            label={words.state}
            required
            choices={stateChoices}
            blank={words.chooseState}
            value={values.state}
            onChange={(value) => form.set('state', value)}
            error={form.errors.state}
          />
        )}
        <TextField
          label={words.number}
          required
          value={values.license_number}
          onChange={(value) => form.set('license_number', value)}
          error={form.errors.license_number}
        />
        <TextField
          label={words.expires}
          type="date"
          required
          value={values.expiration_date}
          onChange={(value) => form.set('expiration_date', value)}
          error={form.errors.expiration_date}
        />
        <TextField
          label={words.description}
          value={values.description}
          onChange={(value) => form.set('description', value)}
          error={form.errors.description}
        />
      </FieldGroup>
    </FormScreen>
  );
}
