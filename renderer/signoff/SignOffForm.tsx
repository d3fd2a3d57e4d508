// A sign-off on its own: what the pharmacist is confirming, a note, their badge or email and password. Answers the
// one-use confirmation and the note; the password is cleared after every try.
import { type FormEvent, useId, useState } from 'react';
import type { ConfirmationPurpose, PharmacistConfirmation } from '../../contract/ipc/sign-off.ts';
import { readTypedCount } from '../../rules/verification/controlled-count.ts';
import { confirmPharmacist, PharmacistFields } from './PharmacistFields.tsx';
import './signoff.css';
import { Problem } from '../forms/Problem.tsx';

export function SignOffForm({
  title,
  explanation,
  noteLabel,
  submitLabel,
  purpose,
  counts,
  onConfirmed,
}: {
  title: string;
  explanation: string;
  noteLabel: string;
  submitLabel: string;
  /** What the pharmacist confirms, and of which order or document: main binds the confirmation to it. */
  purpose: ConfirmationPurpose;
  /** Lines the pharmacist counts, each a plain number ("60"); the note is then optional. */
  counts?: readonly { id: string; label: string }[];
  /** Keeps the sign-off; answers why it could not (shown here), or null. */
  onConfirmed: (
    confirmation: PharmacistConfirmation,
    note: string,
    counted: { productId: string; counted: number }[],
  ) => Promise<string | null>;
}) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const counted = (counts ?? []).map((line) => ({
      productId: line.id,
      counted: readTypedCount(typed[line.id] ?? ''),
      label: line.label,
    }));
    const unreadable = counted.find((line) => line.counted === null);
    if (unreadable) {
      setProblem(`Type the pharmacist’s count of ${unreadable.label} as a number, for example 60.`);
      return;
    }
    if (!counts && note.trim().length < 3) {
      setProblem('Say in a few words what was checked.');
      return;
    }
    setBusy(true);
    const result = await confirmPharmacist(who, password, purpose);
    setPassword('');
    if (!result.ok) {
      setBusy(false);
      setProblem(result.message);
      return;
    }
    const failed = await onConfirmed(
      result.confirmation,
      note.trim(),
      counted.map((line) => ({ productId: line.productId, counted: line.counted as number })),
    );
    setBusy(false);
    setProblem(failed);
  }

  return (
    <section className="card signoff" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      <p>{explanation}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="signoff-form">
        {(counts ?? []).map((line) => (
          <label key={line.id} className="field">
            Pharmacist’s count of {line.label}
            <input
              className="signoff-input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={typed[line.id] ?? ''}
              onChange={(event) => setTyped((all) => ({ ...all, [line.id]: event.target.value }))}
            />
          </label>
        ))}
        <label className="field" htmlFor={`${ids}-note`}>
          {noteLabel}
        </label>
        <input
          id={`${ids}-note`}
          className="signoff-input"
          value={note}
          maxLength={500}
          autoComplete="off"
          onChange={(event) => setNote(event.target.value)}
        />
        <PharmacistFields
          idPrefix={ids}
          who={who}
          password={password}
          onWho={setWho}
          onPassword={setPassword}
          confirmedBy={null}
        />
        <Problem text={problem} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </section>
  );
}
