// The sign-in form itself: which service, notes that matter before signing in (a badge switch, no keychain), email and
// password checked before sending, and the station's refusal in plain words.
import type { FormEvent, ReactNode, RefObject } from 'react';

export type FieldErrors = Partial<Record<'email' | 'password', string>>;

export interface SignInFormProps {
  serviceLabel: string;
  settingsOpen: boolean;
  onToggleSettings(): void;
  /** Notes above the fields (restart pending, waiting for a badge's owner, no keychain). */
  notes: ReactNode;
  email: string;
  password: string;
  onEmail(value: string): void;
  onPassword(value: string): void;
  fieldErrors: FieldErrors;
  /** The station's refusal (wrong password…), or null. */
  refusal: string | null;
  pending: boolean;
  passwordRef: RefObject<HTMLInputElement | null>;
  /** Put the focus in the password field first (the email is already known). */
  passwordFirst: boolean;
  onSubmit(event: FormEvent): void;
}

export function SignInForm(props: SignInFormProps) {
  const { fieldErrors } = props;
  return (
    <form className="card sign-in-card" onSubmit={props.onSubmit} noValidate aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to the station</h1>
      <div className="service-line">
        <span>
          Service: <strong>{props.serviceLabel}</strong>
        </span>
        <button
          type="button"
          className="link-button"
          aria-expanded={props.settingsOpen}
          aria-controls="station-settings"
          onClick={props.onToggleSettings}
        >
          {props.settingsOpen ? 'Hide station settings' : 'Change service'}
        </button>
      </div>
      {props.notes}
      <label className="field">
        <span>Email</span>
        <input
          type="email"
          name="email"
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: keyboard-first station; the first thing anyone does here is type an email.
          autoFocus={!props.passwordFirst}
          value={props.email}
          onChange={(event) => props.onEmail(event.target.value)}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? 'email-error' : undefined}
        />
        {fieldErrors.email ? (
          <span className="field-error" id="email-error">
            {fieldErrors.email}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>Password</span>
        <input
          ref={props.passwordRef}
          type="password"
          name="password"
          autoComplete="current-password"
          // biome-ignore lint/a11y/noAutofocus: the email is known (a badge's owner); the password is what is left.
          autoFocus={props.passwordFirst}
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
          aria-invalid={fieldErrors.password || props.refusal ? true : undefined}
          aria-describedby={fieldErrors.password ? 'password-error' : props.refusal ? 'sign-in-refusal' : undefined}
        />
        {fieldErrors.password ? (
          <span className="field-error" id="password-error">
            {fieldErrors.password}
          </span>
        ) : null}
      </label>
      {props.refusal ? (
        <div className="notice notice-bad" role="alert" id="sign-in-refusal">
          {props.refusal}
        </div>
      ) : null}
      <button type="submit" className="button button-primary" disabled={props.pending}>
        {props.pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
