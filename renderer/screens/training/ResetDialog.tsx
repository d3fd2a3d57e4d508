// The question before a reset: it wipes every piece of practice work, so "keep my work" has the focus.
import { useEffect, useRef } from 'react';

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
      <h2 id="reset-dialog-title">Wipe all practice work?</h2>
      <p id="reset-dialog-text">
        Every order, patient, prescriber, prescription, task, lot, delivery and email made in practice is deleted, and
        the demo data is built again from seed {props.seed} with {props.orders} orders. Accounts, subscriptions and the
        signing key stay. This cannot be undone.
      </p>
      <div className="settings-actions">
        <button type="button" className="button button-danger" onClick={props.onConfirm} disabled={props.resetting}>
          {props.resetting ? 'Resetting…' : 'Wipe and rebuild'}
        </button>
        <button ref={keep} type="button" className="button" onClick={props.onCancel}>
          Keep my work
        </button>
      </div>
    </dialog>
  );
}
