// The signed-in station: top bar (screens, connectivity, who, lock, sign out), the scan field, the open screen, the palette.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nameOf } from '../../rules/words/person-name.ts';
import { watchAttendance } from '../attendance/attendance-store.ts';
import { useCommands } from '../commands/command-store.ts';
import { PharmacyDetailsNote } from '../documents/PharmacyDetailsMissing.tsx';
import { PrintButton } from '../documents/PrintDialog.tsx';
import { type SessionView, useLock, useSignOut } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { ScanBar } from '../scan/ScanBar.tsx';
import { useNavigationStore } from '../state/navigation-store.ts';
import { AuditRecordNote } from './AuditRecordNote.tsx';
import { ConnectivityIndicator } from './ConnectivityIndicator.tsx';
import { NavBar } from './NavBar.tsx';
import { NotificationClicks } from './NotificationClicks.tsx';
import { useNavigationCommands } from './navigation-commands.ts';
import { RecordKeyNote } from './RecordKeyNote.tsx';
import { Screen } from './Screen.tsx';
import { ShortcutKeys } from './ShortcutKeys.tsx';

function displayName(session: SessionView): string {
  const user = session.user;
  if (!user) return 'Unknown user';
  return nameOf(user) ?? user.email;
}

/** `locked`: mounted behind the lock screen, keeping its state; no shortcut may reach it then. */
export function SignedIn({ session, locked = false }: { session: SessionView; locked?: boolean }) {
  const signOut = useSignOut();
  const lock = useLock();
  useNavigationCommands();
  useCommands([
    { id: 'session.lock', title: 'Lock the station', group: 'Station', shortcut: 'Ctrl+L', run: () => lock.mutate() },
    { id: 'session.signOut', title: 'Sign out', group: 'Station', run: () => signOut.mutate() },
  ]);
  // The next person at the keys starts at the scan station.
  useEffect(() => () => useNavigationStore.getState().reset(), []);
  // Screens re-read on their beat only while someone is here; back after a quiet spell, what is shown is read again.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchAttendance(
        window,
        {
          now: () => Date.now(),
          setTimeout: (run, ms) => window.setTimeout(run, ms),
          clearTimeout: (h) => window.clearTimeout(h as number),
        },
        () => void queryClient.refetchQueries({ type: 'active', stale: true }),
      ),
    [queryClient],
  );

  return (
    <>
      <header className="top-bar">
        <span className="brand">Fulfillment Station</span>
        <ConnectivityIndicator />
        <div className="who">
          <span className="who-name" title="Signed in">
            {displayName(session)}
          </span>
          {session.role ? (
            <span
              className="role-badge"
              title={
                session.roleConfirmed
                  ? undefined
                  : 'Remembered by this station; the service has not confirmed it yet: reading only until it does.'
              }
            >
              {session.roleConfirmed ? session.role : `${session.role}, not confirmed yet`}
            </span>
          ) : null}
        </div>
        {session.user?.id ? (
          <PrintButton document={{ kind: 'staff_badge', userId: session.user.id }}>Print my badge</PrintButton>
        ) : null}
        <button type="button" className="button" onClick={() => lock.mutate()} aria-keyshortcuts="Control+L">
          Lock
        </button>
        <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </header>
      {signOut.isError || lock.isError ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(signOut.error ?? lock.error)}
        </div>
      ) : null}
      <div className="shell-body">
        <NavBar />
        <div className="shell-main">
          {session.keychain === 'memory' ? (
            <p className="notice notice-warn keychain-warning" role="status">
              No keychain on this computer: your sign-in lasts until the station closes.
            </p>
          ) : null}
          <AuditRecordNote session={session} />
          <RecordKeyNote />
          <PharmacyDetailsNote />
          <div className="scan-bar">
            <ScanBar />
          </div>
          <Screen />
        </div>
      </div>
      {locked ? null : <ShortcutKeys />}
      <NotificationClicks />
    </>
  );
}
