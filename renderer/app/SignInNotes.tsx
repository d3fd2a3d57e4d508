// What a person should know before signing in: a saved service waiting for a restart, whose badge asked for the
// station, and a computer without a keychain.

import { useConnectivity } from '../queries/connectivity.ts';
import type { AppInfo, SessionView } from '../queries/session.ts';
import { awaitsRestart, restartHow, serviceName } from './service-choice.ts';
import { useStationSettings } from './station-settings.ts';
import { useSwitchUser } from './switch-user.ts';

export function SignInNotes({
  info,
  session,
  showRestart,
}: {
  info: AppInfo;
  session: SessionView;
  showRestart: boolean;
}) {
  const settings = useStationSettings().data;
  const running = useConnectivity().data;
  const expected = useSwitchUser((state) => state.expected);
  const expectedPerson = useSwitchUser((state) => (state.expected ? (state.known[state.expected] ?? null) : null));
  const restart = settings && running && awaitsRestart(settings, running) ? settings : null;

  return (
    <>
      {showRestart && restart ? (
        <div className="notice notice-warn" role="status">
          <strong>Restart needed:</strong> the station will use {serviceName(restart)} after it restarts.{' '}
          {restartHow(info.shell)}
        </div>
      ) : null}
      {expected ? (
        <div className="notice notice-info" role="status">
          {expectedPerson
            ? `Switching user: waiting for ${expectedPerson.name} to sign in.`
            : 'Switching user: the person whose badge was scanned can sign in now.'}
        </div>
      ) : null}
      {session.keychain === 'memory' ? (
        <div className="notice notice-warn" role="status">
          This computer has no keychain, so a sign-in lasts only until the station closes.
        </div>
      ) : null}
    </>
  );
}
