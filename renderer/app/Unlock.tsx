// The locked station: the password again, for the same person, without losing what was on screen.

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SessionView } from '../queries/session.ts';
import { sessionKey, useSignOut } from '../queries/session.ts';
import { messageOf, station, unwrap } from '../queries/station.ts';

export function Unlock({ session }: { session: SessionView }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Enter your password.');
    try {
      queryClient.setQueryData(sessionKey, await unwrap(station().session.unlock({ password })));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <main className="sign-in">
      <form className="card sign-in-card" onSubmit={submit} noValidate aria-labelledby="unlock-title">
        <h1 id="unlock-title">The station is locked</h1>
        <p className="muted">{session.user?.email} — enter your password to carry on where you were.</p>
        <label className="field">
          <span>Password</span>
          {/* biome-ignore lint/a11y/noAutofocus: the only thing to do on this screen is type the password. */}
          <input type="password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        {error ? (
          <div className="notice notice-bad" role="alert">
            {error}
          </div>
        ) : null}
        <div className="row">
          <button type="submit" className="button button-primary">
            Unlock
          </button>
          <button type="button" className="button" onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </div>
      </form>
    </main>
  );
}
