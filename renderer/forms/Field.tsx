// Labelled form fields that show their error beside them (aria-invalid, aria-describedby), for the records forms.
import { type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';

interface Common {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
}

function Described({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label className="field-label" htmlFor={id}>
      {label}
      {required ? <span className="field-required"> (required)</span> : null}
    </label>
  );
}

export function TextField(
  props: Common & {
    value: string;
    onChange(value: string): void;
    type?: 'text' | 'date' | 'email' | 'tel';
    autoComplete?: string;
    maxLength?: number;
    inputMode?: 'numeric' | 'text' | 'email' | 'tel';
    inputRef?: Ref<HTMLInputElement>;
  },
) {
  const id = useId();
  return (
    <div className={`field ${props.className ?? ''}`}>
      <Label id={id} label={props.label} required={props.required} />
      <input
        id={id}
        ref={props.inputRef}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-required={props.required || undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={false}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
      />
      <Described id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

export function TextAreaField(
  props: Common & {
    value: string;
    onChange(value: string): void;
    rows?: number;
    maxLength?: number;
    placeholder?: string;
    textAreaRef?: Ref<HTMLTextAreaElement>;
    onKeyDown?(event: KeyboardEvent<HTMLTextAreaElement>): void;
  },
) {
  const id = useId();
  return (
    <div className={`field ${props.className ?? ''}`}>
      <Label id={id} label={props.label} required={props.required} />
      <textarea
        id={id}
        ref={props.textAreaRef}
        value={props.value}
        rows={props.rows ?? 2}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={props.onKeyDown}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
      />
      <Described id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectField(
  props: Common & {
    value: string;
    onChange(value: string): void;
    choices: readonly Choice[];
    /** The empty choice's words; false for a choice that must always have a value. */
    blank?: string | false;
  },
) {
  const id = useId();
  const known = props.value === '' || props.choices.some((choice) => choice.value === props.value);
  return (
    <div className={`field ${props.className ?? ''}`}>
      <Label id={id} label={props.label} required={props.required} />
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-required={props.required || undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
      >
        {props.blank === false ? null : <option value="">{props.blank ?? 'Not given'}</option>}
        {/* A stored value the list does not know stays visible rather than silently changing. */}
        {known ? null : <option value={props.value}>{props.value}</option>}
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.error ? (
        <span id={`${id}-error`} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/** A group of fields with a visible legend. */
export function FieldGroup({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`field-group ${className ?? ''}`}>
      <legend>{legend}</legend>
      <div className="field-grid">{children}</div>
    </fieldset>
  );
}

/** What the whole form was refused for (or a field the form does not show), in one alert. */
export function FormErrors({ messages, title }: { messages: readonly string[]; title?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="notice notice-bad form-errors" role="alert">
      {title ? <strong>{title}</strong> : null}
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
