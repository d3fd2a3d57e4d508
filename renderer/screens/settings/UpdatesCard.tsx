// The admin's view of this station's version and updates (updates:state): the feed from the machine policy, the last
// check, a newer version downloading or verified and waiting to install at quit or sign-out, and what it waits for.
import { useQuery } from '@tanstack/react-query';
import type { UpdateState } from '../../../contract/ipc/updates.ts';
import { messageOf, station, unwrap } from '../../queries/station.ts';

function statusLine(state: UpdateState): string {
  switch (state.status) {
    case 'off':
      return `Updates are off. ${state.offReason ?? ''}`;
    case 'idle':
      return 'Up to date.';
    case 'checking':
      return 'Checking the update feed…';
    case 'downloading':
      return `Version ${state.available} is downloading in the background.`;
    case 'ready':
      return `Version ${state.available} is downloaded and verified; it installs when the station is closed or at sign-out.`;
    case 'failed':
      return `The last check failed (${state.problem}); it is tried again later.`;
  }
}

const WAITS_FOR = {
  verification_run: 'It waits: a verification is in progress at this station.',
  task_writes: 'It waits: task writes have not been sent yet.',
};

export function UpdatesCard() {
  const updates = useQuery({
    queryKey: ['app', 'updates'],
    queryFn: () => unwrap(station().updates.state()),
    refetchInterval: 60_000,
  });
  const state = updates.data;
  return (
    <section className="card settings-card" aria-labelledby="updates-title">
      <h2 id="updates-title">Version and updates</h2>
      {updates.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(updates.error)}
        </p>
      ) : null}
      {state ? (
        <>
          <p>
            This station runs version <strong>{state.version}</strong>.
          </p>
          <p role="status">{statusLine(state)}</p>
          {state.installWaitsFor ? <p className="muted">{WAITS_FOR[state.installWaitsFor]}</p> : null}
          <p className="muted">
            {state.feed ? `Update feed: ${state.feed}` : 'No update feed is set.'}
            {state.checkedAt ? ` Last answered ${new Date(state.checkedAt).toLocaleString()}.` : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
