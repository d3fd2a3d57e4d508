// A label whose line is not verified yet, or verified by a technician where tech-check-tech is not allowed (the
// pharmacist's final check), prints only if a pharmacist allows it, with a reason: the pharmacist signed in says why; a
// technician's pharmacist confirms at the station (badge or email, then password).
import { useId, useState } from 'react';
import { type DocumentRef, documentKeyOf } from '../../contract/documents.ts';
import { SignOffForm } from '../signoff/SignOffForm.tsx';

export interface Override {
  confirmationId: string | null;
  note: string;
  by: string;
}

export function OverrideFields({
  mayAllow,
  signedInName,
  document,
  finalCheck = false,
  override,
  onOverride,
}: {
  /** The person signed in may allow it themselves (main's session answer: `allow_unverified_label`). */
  mayAllow: boolean;
  signedInName: string;
  /** The label the allowance is for: the pharmacist's confirmation serves this label only. */
  document: DocumentRef;
  /** Verified by a technician, tech-check-tech not allowed: the pharmacist's allowance is their final check. */
  finalCheck?: boolean;
  override: Override | null;
  onOverride(override: Override): void;
}) {
  const ids = useId();
  const [note, setNote] = useState('');
  const noteLabel = finalCheck
    ? 'What the pharmacist checked (the final check)'
    : 'Why it may print before verification';
  if (override) {
    return (
      <p className="notice" role="status">
        Allowed by {override.by}: {override.note}
      </p>
    );
  }
  if (!mayAllow) {
    return (
      <SignOffForm
        title="A pharmacist may allow this label"
        explanation="The pharmacist checks the product by hand, then confirms here with their badge or email and password."
        noteLabel={noteLabel}
        submitLabel="Allow this label"
        purpose={{ kind: 'print_override', documentKey: documentKeyOf(document) }}
        onConfirmed={async (confirmation, why) => {
          onOverride({
            confirmationId: confirmation.confirmationId,
            note: why,
            by: confirmation.pharmacist.name ?? confirmation.pharmacist.email,
          });
          return null;
        }}
      />
    );
  }
  return (
    <fieldset className="print-override">
      <legend>
        {finalCheck
          ? 'As the pharmacist, your check of the product is the final check this label needs'
          : 'As the pharmacist, you may allow this label before verification'}
      </legend>
      <label className="field" htmlFor={`${ids}-note`}>
        {noteLabel}
      </label>
      <input id={`${ids}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <button
        type="button"
        className="button"
        disabled={note.trim().length < 3}
        onClick={() => onOverride({ confirmationId: null, note: note.trim(), by: signedInName })}
      >
        Allow this label
      </button>
    </fieldset>
  );
}
