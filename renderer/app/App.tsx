// The app shell: the TRAINING banner above everything, then sign-in, unlock or the signed-in station by session state.

import { useAppInfo, useSession } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { SignedIn } from './SignedIn.tsx';
import { SignIn } from './SignIn.tsx';
import { TrainingBanner } from './TrainingBanner.tsx';
import { Unlock } from './Unlock.tsx';

export function App() {
  const info = useAppInfo();
  const session = useSession();

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
  } else if (session.data.status === 'signed_in') {
    body = <SignedIn session={session.data} />;
  } else if (session.data.status === 'locked') {
    // The station stays mounted (the screen, a half-typed form, the scan counts) but hidden and out of reach.
    body = (
      <>
        <div className="locked-station" hidden inert>
          <SignedIn session={session.data} locked />
        </div>
        <Unlock session={session.data} />
      </>
    );
  } else {
    body = <SignIn info={info.data} />;
  }

  return (
    <div className="app">
      {info.data?.training ? <TrainingBanner /> : null}
      {body}
    </div>
  );
}
