// The frame of every records form: title, refusals on top, the fields, Save (Ctrl+Enter) and Cancel (Escape).
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCommands } from '../commands/command-store.ts';
import { ActionButton } from './ActionButton.tsx';
import { FormErrors } from './Field.tsx';

export const SAVE_SHORTCUT = 'Ctrl+Enter';
export const CANCEL_SHORTCUT = 'Escape';

export function FormScreen(props: {
  /** Command ids start with it ("patients.create"). */
  id: string;
  title: string;
  /** Group in the command palette. */
  group: string;
  subtitle?: ReactNode;
  saveLabel: string;
  saving: boolean;
  formErrors: readonly string[];
  /** Above the errors: an offer to open an existing record, a warning about what saving replaces. */
  notice?: ReactNode;
  /** Something was typed: Cancel asks once before throwing it away. */
  dirty?: boolean;
  onSave(): void;
  onCancel(): void;
  children: ReactNode;
  /** Rendered in a section (inside a screen) rather than as the screen itself. */
  embedded?: boolean;
}) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancel = () => {
    if (props.dirty && !confirmingCancel) setConfirmingCancel(true);
    else props.onCancel();
  };
  useCommands([
    {
      id: `${props.id}.save`,
      title: props.saveLabel,
      group: props.group,
      shortcut: SAVE_SHORTCUT,
      enabled: !props.saving,
      run: props.onSave,
    },
    {
      id: `${props.id}.cancel`,
      title: `Cancel: ${props.title}`,
      group: props.group,
      shortcut: CANCEL_SHORTCUT,
      run: cancel,
    },
  ]);
  const titleId = `${props.id.replace(/\W/g, '-')}-title`;
  const formRef = useRef<HTMLFormElement>(null);
  // A refused form puts the cursor in the first field to fix (the scan field leaves a form field alone).
  useEffect(() => {
    if (props.formErrors.length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.formErrors]);
  const body = (
    <>
      <header className="records-head">
        <div>
          {props.embedded ? <h2 id={titleId}>{props.title}</h2> : <h1 id={titleId}>{props.title}</h1>}
          {props.subtitle ? <p className="muted">{props.subtitle}</p> : null}
        </div>
      </header>
      {confirmingCancel ? (
        <div className="notice notice-warn confirm-cancel" role="alert">
          <p>Throw away what you typed here?</p>
          <div className="row">
            <ActionButton shortcut={CANCEL_SHORTCUT} onClick={props.onCancel}>
              Throw it away
            </ActionButton>
            <ActionButton onClick={() => setConfirmingCancel(false)}>Keep editing</ActionButton>
          </div>
        </div>
      ) : null}
      {props.notice}
      <FormErrors messages={props.formErrors} title="Not saved" />
      <form
        ref={formRef}
        className="records-form"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        {props.children}
        <div className="form-actions">
          <ActionButton primary shortcut={SAVE_SHORTCUT} onClick={props.onSave} disabled={props.saving}>
            {props.saving ? 'Saving…' : props.saveLabel}
          </ActionButton>
          <ActionButton shortcut={CANCEL_SHORTCUT} onClick={cancel}>
            Cancel
          </ActionButton>
        </div>
      </form>
    </>
  );
  if (props.embedded) {
    return (
      <section className="card records-embedded" aria-labelledby={titleId}>
        {body}
      </section>
    );
  }
  return (
    <main className="screen records" aria-labelledby={titleId}>
      {body}
    </main>
  );
}
