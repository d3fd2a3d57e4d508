// Part 4, the electronic prescription: left out, or new, with one or more medications; it joins this intake's patient,
// prescriber and order.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { FieldGroup, TextField } from '../../forms/Field.tsx';
import type { PrescriptionTextKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { ADD_MEDICATION_SHORTCUT, addMedication, MedicationFields } from './MedicationFields.tsx';
import { PartFrame } from './PartFrame.tsx';
import { useBinder } from './use-intake.ts';
import { intakeLabels, intakeWords } from './wording.ts';

const labels = intakeLabels.prescription;

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
      <FieldGroup legend={labels.receivedFrom} className="wide">
        <TextField label={labels.source} hint={labels.sourceHint} {...text('source')} />
        <TextField label={labels.type} hint={labels.typeHint} {...text('type')} />
        <TextField label={labels.referenceNumber} {...text('reference_number')} />
      </FieldGroup>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a medication is its position; the draft keeps no other key.
        <MedicationFields key={index} index={index} removable={count > 1} />
      ))}
      <div>
        <ActionButton className="button-small" shortcut={ADD_MEDICATION_SHORTCUT} onClick={addMedication}>
          {intakeWords.addMedicationButton}
        </ActionButton>
      </div>
    </div>
  );
}

export function PrescriptionSection() {
  return <PartFrame part="prescription" fresh={<NewPrescriptionFields />} />;
}
