// This station's listener and its signing key: where the service delivers, whether a key is kept, when it was
// rotated, and the rotation itself (main makes the key with the service and keeps it; it is never shown here).
import { useState } from 'react';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { useConnectivity } from '../../queries/connectivity.ts';
import { useStationWebhook } from '../../queries/notifications.ts';
import { useMay } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { RotateSecret, ShareSecretForm } from './SecretActions.tsx';
import { settingsWords } from './wording.ts';

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
  const admin = useMay('manage_webhook_secret');
  const events = useConnectivity().data?.events ?? null;
  const [rotatedAt, setRotatedAt] = useState<string | null>(null);
  const data = state.data;
  const keyStored = data?.keyStored ?? false;
  const secretTrouble = events?.reason === 'secret_changed' || events?.reason === 'secret_missing';

  return (
    <section className="card settings-card" aria-labelledby="settings-listener-title">
      <h2 id="settings-listener-title">{settingsWords.listener.title}</h2>
      {state.isError && !data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(state.error)}
        </p>
      ) : null}
      {data ? (
        <dl className="facts settings-facts">
          <div className="fact">
            <dt>{settingsWords.listener.receivesAt}</dt>
            <dd>
              {data.url ? <code className="settings-url">{data.url}</code> : null}
              {data.listener === 'listening' ? null : (
                <span className="field-error">{data.listenerMessage ?? settingsWords.listener.notRunning}</span>
              )}
            </dd>
          </div>
          <div className="fact">
            <dt>{settingsWords.listener.signingKey}</dt>
            <dd>{keyStored ? settingsWords.listener.keyKept : settingsWords.listener.noKey}</dd>
          </div>
          <div className="fact">
            <dt>{settingsWords.listener.lastRotated}</dt>
            <dd>{data.rotatedAt ? <When iso={data.rotatedAt} /> : settingsWords.listener.notFromHere}</dd>
          </div>
          <div className="fact">
            <dt>{settingsWords.listener.received}</dt>
            <dd>
              {settingsWords.listener.counts(data.received.accepted, data.received.duplicates, data.received.refused)}
            </dd>
          </div>
        </dl>
      ) : null}
      {secretTrouble && events?.message ? (
        <p className="notice notice-warn" role="status">
          {events.message}
        </p>
      ) : null}
      <p className="muted settings-explain">{settingsWords.listener.explain}</p>
      {admin ? (
        <>
          {secretTrouble ? <ShareSecretForm /> : null}
          <RotateSecret keyStored={keyStored} onRotated={setRotatedAt} />
          {secretTrouble ? null : <ShareSecretForm />}
        </>
      ) : (
        <p className="muted">{settingsWords.listener.adminOnly}</p>
      )}
      {rotatedAt ? (
        <p className="notice notice-good" role="status">
          {settingsWords.listener.newKeySince}
          <When iso={rotatedAt} />
          {settingsWords.listener.nextDelivery}
        </p>
      ) : null}
    </section>
  );
}
