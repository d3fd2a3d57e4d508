// The sign-in screen: email and password checked before sending, the station's own errors, and demo accounts in training.
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { type AppInfo, useSignIn } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';

const signInForm = z.object({
  email: z.email('Enter an email address such as name@pharmacy.com.'),
  password: z.string().min(1, 'Enter your password.'),
});
type FieldErrors = Partial<Record<'email' | 'password', string>>;

export function SignIn({ info }: { info: AppInfo }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = signInForm.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    signIn.mutate(parsed.data);
  }

  function fillDemo(demoEmail: string) {
    setEmail(demoEmail);
    setPassword(info.demoPassword ?? '');
    setFieldErrors({});
    signIn.reset();
    // Enter signs in from here: the password field submits the form, the demo button would only fill it again.
    passwordRef.current?.focus();
  }

  return (
    <main className="sign-in">
      <form className="card sign-in-card" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to the station</h1>
        <p className="muted">{info.training ? 'Service: Training (on this computer)' : 'Service: your pharmacy'}</p>

        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: keyboard-first station; the first thing anyone does here is type an email.
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
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
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? 'password-error' : undefined}
          />
          {fieldErrors.password ? (
            <span className="field-error" id="password-error">
              {fieldErrors.password}
            </span>
          ) : null}
        </label>

        {signIn.isError ? (
          <div className="notice notice-bad" role="alert">
            {messageOf(signIn.error)}
          </div>
        ) : null}

        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>

      {info.training && info.demoAccounts.length > 0 ? (
        <section className="card demo-accounts" aria-labelledby="demo-title">
          <h2 id="demo-title">Demo accounts</h2>
          <p className="muted">
            Each uses the password <code>{info.demoPassword}</code>. Pick one, then press Enter.
          </p>
          <ul>
            {info.demoAccounts.map((account) => (
              <li key={account.email}>
                <button type="button" className="button demo-account" onClick={() => fillDemo(account.email)}>
                  <span className="demo-role">{account.role}</span>
                  <span className="demo-email">{account.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
