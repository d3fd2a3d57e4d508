// The question before a reset: it wipes every piece of practice work, so "keep my work" has the focus.
import { useEffect, useRef } from 'react';
import { trainingWords } from './wording.ts';

export function ResetDialog(props: {
  seed: number;
  orders: number;
  resetting: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Modal: the rest of the station is inert until it is answered; Escape answers "keep".
    if (!element.open) element.showModal();
    keep.current?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="reset-dialog"
      role="alertdialog"
      aria-labelledby="reset-dialog-title"
      aria-describedby="reset-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="reset-dialog-title">{trainingWords.reset.ask}</h2>
      <p id="reset-dialog-text">{trainingWords.reset.askText(props.seed, props.orders)}</p>
      <div className="settings-actions">
        <button type="button" className="button button-danger" onClick={props.onConfirm} disabled={props.resetting}>
          {props.resetting ? trainingWords.reset.resetting : trainingWords.reset.wipe}
        </button>
        <button ref={keep} type="button" className="button" onClick={props.onCancel}>
          {trainingWords.reset.keep}
        </button>
      </div>
    </dialog>
  );
}
