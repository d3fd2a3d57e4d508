// "Clear the whole intake?": a modal question, so a slip of the keys never throws away what was typed.
import { useEffect, useId, useRef } from 'react';
import { intakeWords } from './wording.ts';

const words = intakeWords.clearDialog;

export function ClearDialog({ onClear, onKeep }: { onClear(): void; onKeep(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const ids = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="intake-dialog"
      role="alertdialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id={`${ids}-title`}>{words.title}</h2>
      <p id={`${ids}-text`}>{words.text}</p>
      <div className="intake-dialog-actions">
        <button type="button" className="button button-danger" onClick={onClear}>
          {words.clear}
        </button>
        <button ref={keep} type="button" className="button button-primary" onClick={onKeep}>
          {words.keep}
        </button>
      </div>
    </dialog>
  );
}
