// Part 4, the electronic prescription: left out, or new, with one or more medications; it joins this intake's patient,
// prescriber and order.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { FieldGroup, TextField } from '../../forms/Field.tsx';
import type { PrescriptionTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { ADD_MEDICATION_SHORTCUT, addMedication, MedicationFields } from './MedicationFields.tsx';
import { type ModeChoice, PartFrame } from './PartFrame.tsx';
import { useBinder } from './use-intake.ts';

const choices: ModeChoice[] = [
  { mode: 'none', label: 'Leave out' },
  { mode: 'new', label: 'New electronic prescription' },
];

function NewPrescriptionFields() {
  const bind = useBinder();
  const count = useIntakeStore((state) => state.draft.prescription.medications.length);
  const text = (key: PrescriptionTextKey) =>
    bind(
      `prescription.${key}`,
      (draft) => draft.prescription.fields[key],
      (draft, value) => {
        draft.prescription.fields[key] = value;
      },
    );
  return (
    <div className="intake-fields">
      <FieldGroup legend="Received from" className="wide">
        <TextField label="Source" hint="e.g. Surescripts, fax, phone" {...text('source')} />
        <TextField label="Type" hint="e.g. new, refill" {...text('type')} />
        <TextField label="Reference number" {...text('reference_number')} />
      </FieldGroup>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a medication is its position; the draft keeps no other key.
        <MedicationFields key={index} index={index} removable={count > 1} />
      ))}
      <div>
        <ActionButton className="button-small" shortcut={ADD_MEDICATION_SHORTCUT} onClick={addMedication}>
          Add a medication
        </ActionButton>
      </div>
    </div>
  );
}

export function PrescriptionSection() {
  const mode = useIntakeStore((state) => state.draft.prescription.mode);
  return (
    <PartFrame
      part="prescription"
      number={4}
      choices={choices}
      hint="The prescription is linked to this intake’s patient, prescriber and order, whichever are given."
    >
      {mode === 'new' ? <NewPrescriptionFields /> : null}
    </PartFrame>
  );
}
