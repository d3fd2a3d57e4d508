// The signed-in station: who is at the keys and in which role, Sign out, a keychain warning when there is none, the scan station.
import { type SessionView, useSignOut } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { ScanStation } from '../stations/scan/ScanStation.tsx';

function displayName(session: SessionView): string {
  const user = session.user;
  if (!user) return 'Unknown user';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

export function SignedIn({ session }: { session: SessionView }) {
  const signOut = useSignOut();
  return (
    <>
      <header className="top-bar">
        <span className="brand">Fulfillment Station</span>
        <div className="who">
          <span className="who-name" title="Signed in">
            {displayName(session)}
          </span>
          {session.role ? <span className="role-badge">{session.role}</span> : null}
        </div>
        <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </header>
      {session.keychain === 'memory' ? (
        <div className="notice notice-warn keychain-warning" role="status">
          This computer has no keychain, so your sign-in is kept only until the station closes. You will sign in again
          after a restart.
        </div>
      ) : null}
      {signOut.isError ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(signOut.error)}
        </div>
      ) : null}
      <ScanStation />
    </>
  );
}
