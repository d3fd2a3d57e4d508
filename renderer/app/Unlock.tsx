// The locked station: the password again, for the same person, without losing what was on screen; or a sign-out so
// another person can sign in (which closes what was on screen).
import './shell.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { SessionView } from '../queries/session.ts';
import { unlockSession, useSignOut } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { personName } from '../state/switch-user-store.ts';
import { signInFailure } from './sign-in-failure.ts';

function unlockMessage(failure: unknown): string {
  switch (signInFailure(failure)) {
    case 'credentials':
      return 'That password is not right. Try again.';
    case 'unreachable':
      return 'The service did not answer, so the password could not be checked. Try again in a moment.';
    default:
      return messageOf(failure);
  }
}

export function Unlock({ session }: { session: SessionView }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const who = session.user ? personName(session.user) : 'the signed-in person';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setPending(true);
    try {
      await unlockSession(queryClient, password);
    } catch (failure) {
      setError(unlockMessage(failure));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="card sign-in-card" onSubmit={submit} noValidate aria-labelledby="unlock-title">
        <h1 id="unlock-title">The station is locked</h1>
        <p className="lock-who">
          <strong>{who}</strong>
          {session.user && who !== session.user.email ? <span className="muted">{session.user.email}</span> : null}
        </p>
        <p className="muted">Enter your password to carry on where you were. Nothing on screen was closed.</p>
        <label className="field">
          <span>Password</span>
          <input
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            // biome-ignore lint/a11y/noAutofocus: the only thing to do on this screen is type the password.
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'unlock-error' : undefined}
          />
        </label>
        {error ? (
          <div className="notice notice-bad" role="alert" id="unlock-error">
            {error}
          </div>
        ) : null}
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? 'Unlocking…' : 'Unlock'}
        </button>
      </form>
      <section className="card sign-in-aside" aria-labelledby="someone-else-title">
        <h2 id="someone-else-title">Someone else?</h2>
        <p className="muted">
          Sign {who} out so another person can sign in. What {who} had open on screen is closed.
        </p>
        <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out {who}
        </button>
        {signOut.isError ? (
          <div className="notice notice-bad" role="alert">
            {messageOf(signOut.error)}
          </div>
        ) : null}
      </section>
    </main>
  );
}
