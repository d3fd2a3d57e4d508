// This station's listener and its signing key: where the service delivers, whether a key is kept, when it was
// rotated, and the rotation itself (main makes the key with the service and keeps it; it is never shown here).
import { useState } from 'react';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { useConnectivity } from '../../queries/connectivity.ts';
import { useStationWebhook } from '../../queries/notifications.ts';
import { useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { RotateSecret, ShareSecretForm } from './SecretActions.tsx';

export { ROTATE_SHORTCUT } from './SecretActions.tsx';

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatFullTime(iso)}>
      {formatWhen(iso, new Date())}
    </time>
  );
}

export function ListenerCard() {
  const state = useStationWebhook();
  const admin = useSession().data?.role === 'admin';
  const events = useConnectivity().data?.events ?? null;
  const [rotatedAt, setRotatedAt] = useState<string | null>(null);
  const data = state.data;
  const keyStored = data?.keyStored ?? false;
  const secretTrouble = events?.reason === 'secret_changed' || events?.reason === 'secret_missing';

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
      {secretTrouble && events?.message ? (
        <p className="notice notice-warn" role="status">
          {events.message}
        </p>
      ) : null}
      <p className="muted settings-explain">
        The service signs each delivery with one key, shared by every station, and this station refuses any delivery
        without it. Rotating asks the service for a new key: the old one stops working at once, so every other station
        needs the new key shared with it.
      </p>
      {admin ? (
        <>
          {secretTrouble ? <ShareSecretForm /> : null}
          <RotateSecret keyStored={keyStored} onRotated={setRotatedAt} />
          {secretTrouble ? null : <ShareSecretForm />}
        </>
      ) : (
        <p className="muted">Only an admin may rotate the key or share it with this station.</p>
      )}
      {rotatedAt ? (
        <p className="notice notice-good" role="status">
          New signing key in use since <When iso={rotatedAt} />. The next delivery carries it.
        </p>
      ) : null}
    </section>
  );
}
