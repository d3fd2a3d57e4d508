// The admin's two ways with the webhook secret: share the service's current one with this station (when it changed
// elsewhere), or rotate it for every station on purpose, after saying what that does to the others.
import { type FormEvent, useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useRotateKey, useShareKey } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { settingsWords } from './wording.ts';

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
      <h3 id="share-secret-title">{settingsWords.share.title}</h3>
      <p className="muted">{settingsWords.share.explain}</p>
      <label className="field">
        <span>{settingsWords.share.secret}</span>
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
          {settingsWords.share.button}
        </button>
      </div>
      {share.isSuccess ? (
        <p className="notice notice-good" role="status">
          {settingsWords.share.shared}
        </p>
      ) : null}
      {share.isError ? (
        <p className="notice notice-bad" role="alert">
          {settingsWords.share.notShared(messageOf(share.error))}
        </p>
      ) : null}
    </form>
  );
}

export function RotateSecret({ keyStored, onRotated }: { keyStored: boolean; onRotated?: (at: string) => void }) {
  const rotate = useRotateKey();
  const [asking, setAsking] = useState(false);
  const verb = keyStored ? settingsWords.rotate.rotate : settingsWords.rotate.generate;
  // The shortcut only opens the question: a rotation that affects every station is never one key press.
  useCommands([
    {
      id: 'notifications.rotateKey',
      title: verb,
      group: settingsWords.group,
      shortcut: ROTATE_SHORTCUT,
      run: () => setAsking(true),
    },
  ]);
  return (
    <div className="settings-rotate">
      {asking ? (
        <div className="notice notice-warn" role="alertdialog" aria-labelledby="rotate-question">
          <p id="rotate-question">
            <strong>{settingsWords.rotate.question}</strong>
            {settingsWords.rotate.questionText}
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
              {rotate.isPending ? settingsWords.rotate.rotating : settingsWords.rotate.confirm}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {settingsWords.rotate.keep}
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
          {settingsWords.rotate.notRotated(messageOf(rotate.error))}
        </p>
      ) : null}
    </div>
  );
}
