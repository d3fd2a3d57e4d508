// One medication of the electronic prescription: what, how much, how to take it, refills and substitution.
import { SelectField, TextAreaField, TextField } from '../../forms/Field.tsx';
import { emptyMedication, type MedicationKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { RemoveRow } from './RemoveRow.tsx';
import { editIntake, useBinder } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.prescription;

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
      <legend>
        {intakeWords.medication}
        {index + 1}
      </legend>
      <div className="field-grid">
        <TextField label={labels.drugName} required className="span-2" {...text('drug_name')} />
        <TextField label={labels.strength} hint={labels.strengthHint} {...text('strength')} />
        <TextField label={labels.quantity} required inputMode="numeric" {...text('quantity')} />
        <TextField label={labels.units} hint={labels.unitsHint} {...text('units')} />
        <TextField label={labels.refills} inputMode="numeric" {...text('refills')} />
        <TextField label={labels.daysSupply} inputMode="numeric" {...text('days_supply')} />
        <SelectField
          label={labels.substitution}
          choices={substitutionChoices}
          blank={labels.notSaid}
          {...text('substitution')}
        />
        <TextAreaField label={labels.directions} required className="span-2" {...text('directions')} />
        <TextField label={labels.writtenOn} type="date" {...text('written_at')} />
        <TextField label={labels.notes} {...text('notes')} />
        {removable ? (
          <RemoveRow
            label={intakeWords.removeMedication(index + 1)}
            part="prescription"
            remove={(draft) => {
              draft.prescription.medications.splice(index, 1);
            }}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
