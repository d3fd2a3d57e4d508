// This station's listener and its signing key: where the service delivers, whether a key is kept, when it was
// rotated, and the rotation itself (main makes the key with the service and keeps it; it is never shown here).
import { useCommands } from '../../commands/registry.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useRotateKey, useStationWebhook } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { formatFullTime, formatWhen } from '../feed/feed-words.ts';

export const ROTATE_SHORTCUT = 'Alt+R';

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatFullTime(iso)}>
      {formatWhen(iso, new Date())}
    </time>
  );
}

export function ListenerCard() {
  const state = useStationWebhook();
  const rotate = useRotateKey();
  const data = state.data;
  const keyStored = data?.keyStored ?? false;
  const verb = keyStored ? 'Rotate the signing key' : 'Generate a signing key';
  const run = () => {
    if (!rotate.isPending) rotate.mutate();
  };
  useCommands([{ id: 'notifications.rotateKey', title: verb, group: 'Notifications', shortcut: ROTATE_SHORTCUT, run }]);

  return (
    <section className="card settings-card" aria-labelledby="settings-listener-title">
      <h2 id="settings-listener-title">This station’s listener</h2>
      {state.isError && !data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(state.error)}
        </p>
      ) : null}
      {data ? (
        <dl className="facts settings-facts">
          <div className="fact">
            <dt>Receives at</dt>
            <dd>
              {data.url ? <code className="settings-url">{data.url}</code> : null}
              {data.listener === 'listening' ? null : (
                <span className="field-error">{data.listenerMessage ?? 'The listener is not running.'}</span>
              )}
            </dd>
          </div>
          <div className="fact">
            <dt>Signing key</dt>
            <dd>{keyStored ? 'Kept by the station (never shown)' : 'None yet: deliveries cannot be checked'}</dd>
          </div>
          <div className="fact">
            <dt>Last rotated</dt>
            <dd>{data.rotatedAt ? <When iso={data.rotatedAt} /> : 'Not from this station'}</dd>
          </div>
          <div className="fact">
            <dt>Received since start</dt>
            <dd>
              {data.received.accepted} accepted, {data.received.duplicates} repeated, {data.received.refused} refused
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="muted settings-explain">
        The service signs each delivery with one key, and this station refuses any delivery without it. Rotating asks
        the service for a new key: the old one stops working at once, so other receivers need the new key too.
      </p>
      <div className="settings-actions">
        <ActionButton primary shortcut={ROTATE_SHORTCUT} onClick={run} disabled={rotate.isPending}>
          {rotate.isPending ? 'Rotating…' : verb}
        </ActionButton>
      </div>
      {rotate.isSuccess ? (
        <p className="notice notice-good" role="status">
          New signing key in use since <When iso={rotate.data.rotatedAt} />. The next delivery carries it.
        </p>
      ) : null}
      {rotate.isError ? (
        <p className="notice notice-bad" role="alert">
          Not rotated: {messageOf(rotate.error)}
        </p>
      ) : null}
    </section>
  );
}
