// One medication of the electronic prescription: what, how much, how to take it, refills and substitution.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import { emptyMedication, type MedicationKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { editIntake, useBinder } from './use-intake.ts';

export const ADD_MEDICATION_SHORTCUT = 'Alt+Shift+M';

const substitutionChoices = [
  { value: 'allowed', label: 'Allowed' },
  { value: 'not_allowed', label: 'Not allowed (dispense as written)' },
];

export function addMedication(): void {
  editIntake((draft) => {
    draft.prescription.medications.push(emptyMedication());
  });
}

export function MedicationFields({ index, removable }: { index: number; removable: boolean }) {
  const bind = useBinder();
  const exists = useIntakeStore((state) => state.draft.prescription.medications[index] !== undefined);
  if (!exists) return null;
  const text = (key: MedicationKey) =>
    bind(
      `prescription.medications.${index}.${key}`,
      (draft) => draft.prescription.medications[index]?.[key] ?? '',
      (draft, value) => {
        const medication = draft.prescription.medications[index];
        if (medication) medication[key] = value;
      },
    );
  return (
    <fieldset className="field-group intake-medication">
      <legend>Medication {index + 1}</legend>
      <div className="field-grid">
        <TextField label="Drug name" required className="span-2" {...text('drug_name')} />
        <TextField label="Strength" hint="e.g. 500 mg" {...text('strength')} />
        <TextField label="Quantity" required inputMode="numeric" {...text('quantity')} />
        <TextField label="Units" hint="e.g. tablets" {...text('units')} />
        <TextField label="Refills" inputMode="numeric" {...text('refills')} />
        <TextField label="Days supply" inputMode="numeric" {...text('days_supply')} />
        <SelectField label="Substitution" choices={substitutionChoices} blank="Not said" {...text('substitution')} />
        <TextAreaField label="Directions (sig)" required className="span-2" {...text('directions')} />
        <TextField label="Written on" type="date" {...text('written_at')} />
        <TextField label="Notes" {...text('notes')} />
        {removable ? (
          <ActionButton
            className="button-small intake-remove"
            label={`Remove medication ${index + 1}`}
            onClick={() =>
              editIntake(
                (draft) => {
                  draft.prescription.medications.splice(index, 1);
                },
                { part: 'prescription' },
              )
            }
          >
            Remove
          </ActionButton>
        ) : null}
      </div>
    </fieldset>
  );
}
