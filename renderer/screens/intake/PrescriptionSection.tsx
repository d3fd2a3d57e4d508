// Part 4, the electronic prescription: left out, or new, with one or more medications; it joins this intake's patient,
// prescriber and order.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { FieldGroup, TextField } from '../../forms/Field.tsx';
import type { PrescriptionTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { ADD_MEDICATION_SHORTCUT, addMedication, MedicationFields } from './MedicationFields.tsx';
import { PartFrame } from './PartFrame.tsx';
import { useBinder } from './use-intake.ts';

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
  return <PartFrame part="prescription" fresh={<NewPrescriptionFields />} />;
}
