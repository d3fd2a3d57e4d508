// The admin's view of this station's version and updates (updates:state): the feed from the machine policy, the last
// check, a newer version downloading or verified and waiting to install at quit or sign-out, and what it waits for.

import { formatMoment } from '../../format/record-values.ts';
import { useUpdateState } from '../../queries/app.ts';
import { messageOf } from '../../queries/station.ts';
import { updateStatusLine, updateWords, WAITS_FOR } from './update-words.ts';

export function UpdatesCard() {
  const updates = useUpdateState();
  const state = updates.data;
  return (
    <section className="card settings-card" aria-labelledby="updates-title">
      <h2 id="updates-title">{updateWords.title}</h2>
      {updates.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(updates.error)}
        </p>
      ) : null}
      {state ? (
        <>
          <p>
            {updateWords.runs}
            <strong>{state.version}</strong>.
          </p>
          <p role="status">{updateStatusLine(state)}</p>
          {state.installWaitsFor ? <p className="muted">{WAITS_FOR[state.installWaitsFor]}</p> : null}
          <p className="muted">
            {state.feed ? `Update feed: ${state.feed}` : 'No update feed is set.'}
            {state.checkedAt ? ` Last answered ${formatMoment(state.checkedAt)}.` : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
