// An existing patient or prescriber named by one key (id, external id, NPI), with a line saying who it names.
import type { ReactNode } from 'react';
import { type Choice, SelectField, TextField } from '../../forms/Field.tsx';
import type { PatientRefKey, PrescriberRefKey } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { editIntake, useBinder } from './use-intake.ts';
import { intakeWords } from './wording.ts';

type Referenced = 'patient' | 'prescriber';

export function ReferenceField(props: {
  part: Referenced;
  keyChoices: readonly (Choice & { hint: string })[];
  /** Who the entered key names, as looked up (or why it names nobody). */
  lookup: ReactNode;
}) {
  const refKey = useIntakeStore((state) => state.draft[props.part].refKey);
  const bind = useBinder();
  const key = `${props.part}.ref`;
  const binding = bind(
    key,
    (draft) => draft[props.part].ref,
    (draft, value) => {
      draft[props.part].ref = value;
    },
  );
  const chosen = props.keyChoices.find((choice) => choice.value === refKey) ?? props.keyChoices[0];
  return (
    <div className="field-grid intake-reference">
      <SelectField
        label={intakeWords.findBy}
        blank={false}
        choices={props.keyChoices}
        value={refKey}
        onChange={(value) =>
          editIntake(
            (draft) => {
              if (props.part === 'patient') draft.patient.refKey = value as PatientRefKey;
              else draft.prescriber.refKey = value as PrescriberRefKey;
            },
            { key },
          )
        }
      />
      <TextField
        label={chosen?.label ?? intakeWords.key}
        required
        hint={chosen?.hint}
        className="span-2"
        {...binding}
      />
      <div className="intake-lookup" aria-live="polite">
        {props.lookup}
      </div>
    </div>
  );
}
