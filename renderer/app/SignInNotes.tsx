// What a person should know before signing in: a saved service still waiting (task writes for the current one are
// not sent yet), whose badge asked for the station, and a computer without a keychain.

import { useConnectivity } from '../queries/connectivity.ts';
import type { AppInfo, SessionView } from '../queries/session.ts';
import { useWorkstationSettings } from '../queries/workstation-settings.ts';
import { awaitsSwitch, serviceName } from '../screens/settings/service-choice.ts';
import { useSwitchUserStore } from '../state/switch-user-store.ts';

export function SignInNotes({ session, showPending }: { info: AppInfo; session: SessionView; showPending: boolean }) {
  const settings = useWorkstationSettings().data;
  const running = useConnectivity().data;
  const expected = useSwitchUserStore((state) => state.expected);
  const expectedPerson = useSwitchUserStore((state) => (state.expected ? (state.known[state.expected] ?? null) : null));
  const pending = settings && running && awaitsSwitch(settings, running) ? settings : null;

  return (
    <>
      {showPending && pending && running ? (
        <div className="notice notice-warn" role="status">
          <strong>Not switched yet:</strong> the station will use {serviceName(pending)} once the task writes waiting
          for {serviceName(running)} are sent (see Tasks after signing in there).
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
