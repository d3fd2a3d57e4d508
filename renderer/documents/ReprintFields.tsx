// A reprint says why: a reason from the list and a note, like the reasons for letting go of a stop.
import { REPRINT_REASON_TITLES, type ReprintReason, reprintReasons } from '../../contract/documents.ts';

export interface ReprintChoice {
  reason: ReprintReason | '';
  note: string;
}

export function ReprintFields({
  copies,
  choice,
  onChange,
}: {
  copies: number;
  choice: ReprintChoice;
  onChange(choice: ReprintChoice): void;
}) {
  return (
    <fieldset className="print-reprint">
      <legend>
        Reprint: {copies === 1 ? 'one copy was' : `${copies} copies were`} printed here already. Why print again?
      </legend>
      <label className="field">
        <span>Reason</span>
        <select
          value={choice.reason}
          onChange={(event) => onChange({ ...choice, reason: event.target.value as ReprintReason | '' })}
        >
          <option value="">Choose a reason…</option>
          {reprintReasons.map((reason) => (
            <option key={reason} value={reason}>
              {REPRINT_REASON_TITLES[reason]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Note (what happened to the earlier copy)</span>
        <input
          value={choice.note}
          maxLength={500}
          onChange={(event) => onChange({ ...choice, note: event.target.value })}
        />
      </label>
    </fieldset>
  );
}

/** Why the reprint cannot go yet, or null. */
export function reprintProblem(choice: ReprintChoice): string | null {
  if (choice.reason === '') return 'Choose why this copy is printed again.';
  if (choice.note.trim().length < 3) return 'Say in a few words what happened to the earlier copy.';
  return null;
}
