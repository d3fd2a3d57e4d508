// The button that takes one row out of a list the intake edits (a medication, an order line): the same look and words
// for each list, the row named in its label.
import { ActionButton } from '../../forms/ActionButton.tsx';
import type { IntakeDraft, Part } from './draft.ts';
import { editIntake } from './use-intake.ts';
import { intakeWords } from './wording.ts';

/** "Remove": `remove` takes the row out of the draft; `part` is the part of the form it touches. */
export function RemoveRow({
  label,
  part,
  remove,
}: {
  label: string;
  part: Part;
  remove: (draft: IntakeDraft) => void;
}) {
  return (
    <ActionButton className="button-small intake-remove" label={label} onClick={() => editIntake(remove, { part })}>
      {intakeWords.remove}
    </ActionButton>
  );
}
