// The admin's two ways with the webhook secret: share the service's current one with this station (when it changed
// elsewhere), or rotate it for every station on purpose, after saying what that does to the others.
import { type FormEvent, useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useRotateKey, useShareKey } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';

export const ROTATE_SHORTCUT = 'Alt+R';

export function ShareSecretForm() {
  const share = useShareKey();
  const [secret, setSecret] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (secret.trim() === '' || share.isPending) return;
    share.mutate(secret.trim(), { onSuccess: () => setSecret('') });
  }
  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby="share-secret-title" noValidate>
      <h3 id="share-secret-title">Share the secret with this station</h3>
      <p className="muted">
        When the secret changed elsewhere, give this station the service’s current one. It is kept in the keychain and
        never shown again.
      </p>
      <label className="field">
        <span>Webhook secret</span>
        <input
          type="password"
          name="webhookSecret"
          autoComplete="off"
          spellCheck={false}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      </label>
      <div className="settings-actions">
        <button type="submit" className="button" disabled={share.isPending || secret.trim() === ''}>
          Share with this station
        </button>
      </div>
      {share.isSuccess ? (
        <p className="notice notice-good" role="status">
          This station now holds the service’s secret; the next delivery is checked with it.
        </p>
      ) : null}
      {share.isError ? (
        <p className="notice notice-bad" role="alert">
          Not shared: {messageOf(share.error)}
        </p>
      ) : null}
    </form>
  );
}

export function RotateSecret({ keyStored, onRotated }: { keyStored: boolean; onRotated?: (at: string) => void }) {
  const rotate = useRotateKey();
  const [asking, setAsking] = useState(false);
  const verb = keyStored ? 'Rotate the signing key' : 'Generate a signing key';
  // The shortcut only opens the question: a rotation that affects every station is never one key press.
  useCommands([
    {
      id: 'notifications.rotateKey',
      title: verb,
      group: 'Notifications',
      shortcut: ROTATE_SHORTCUT,
      run: () => setAsking(true),
    },
  ]);
  return (
    <div className="settings-rotate">
      {asking ? (
        <div className="notice notice-warn" role="alertdialog" aria-labelledby="rotate-question">
          <p id="rotate-question">
            <strong>Rotate the secret for every station?</strong> The service retires the current secret at once: every
            other station stops receiving pushed events (it checks every minute instead) until an admin shares the new
            secret with it.
          </p>
          <div className="settings-actions">
            <button
              type="button"
              className="button button-danger"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (answer) => {
                    setAsking(false);
                    onRotated?.(answer.rotatedAt);
                  },
                })
              }
            >
              {rotate.isPending ? 'Rotating…' : 'Rotate for every station'}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Keep the current secret
            </button>
          </div>
        </div>
      ) : (
        <div className="settings-actions">
          <ActionButton primary shortcut={ROTATE_SHORTCUT} onClick={() => setAsking(true)}>
            {verb}
          </ActionButton>
        </div>
      )}
      {rotate.isError ? (
        <p className="notice notice-bad" role="alert">
          Not rotated: {messageOf(rotate.error)}
        </p>
      ) : null}
    </div>
  );
}
