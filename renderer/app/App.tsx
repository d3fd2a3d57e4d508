// The app shell: the TRAINING banner above everything, then sign-in, or the signed-in station with the idle lock, or the
// same station hidden and inert behind the unlock screen (so it keeps its screen, half-typed forms and scan counts).
import './shell.css';
import { useEffect } from 'react';
import { type SessionView, useAppInfo, useSession } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { useSwitchUserStore } from '../state/switch-user-store.ts';
import { IdleLock } from './IdleLock.tsx';
import { SignedIn } from './SignedIn.tsx';
import { SignIn } from './SignIn.tsx';
import { TrainingBanner } from './TrainingBanner.tsx';
import { Unlock } from './Unlock.tsx';

/** Remembers who signed in (for badge switching) and ends a badge switch once someone has signed in. */
function useRememberSignIns(session: SessionView | undefined): void {
  const signedInUser = session?.status === 'signed_in' ? session.user : null;
  useEffect(() => {
    if (!signedInUser) return;
    useSwitchUserStore.getState().remember(signedInUser);
    useSwitchUserStore.getState().clearExpected();
  }, [signedInUser]);
}

export function App() {
  const info = useAppInfo();
  const session = useSession();
  useRememberSignIns(session.data);

  let body: React.ReactNode;
  if (session.isPending || info.isPending) {
    body = (
      <p className="app-loading" role="status">
        Connecting to the station…
      </p>
    );
  } else if (session.isError || info.isError) {
    body = (
      <div className="notice notice-bad app-loading" role="alert">
        {messageOf(session.error ?? info.error)}
      </div>
    );
  } else if (session.data.status === 'signed_out') {
    body = <SignIn info={info.data} session={session.data} />;
  } else {
    const locked = session.data.status === 'locked';
    // One tree for signed in and locked: the station element stays where it is, so React keeps all its state.
    body = (
      <>
        <div className="shell-frame" hidden={locked} inert={locked}>
          <SignedIn session={session.data} locked={locked} />
        </div>
        {locked ? <Unlock session={session.data} /> : <IdleLock />}
      </>
    );
  }

  return (
    <div className="app">
      {info.data?.training ? <TrainingBanner /> : null}
      {body}
    </div>
  );
}
