// The webhook subscriptions at the service: each URL and its events, the station's own one marked; new and change.
import { useState } from 'react';
import type { WebhookSubscription } from '../../../contract/service/notifications.ts';
import { useCommands } from '../../commands/command-store.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useWebhooks } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { describeCodes } from './event-codes.ts';
import { WebhookForm } from './WebhookForm.tsx';
import { isStationSubscription } from './webhook-form.ts';
import { settingsWords } from './wording.ts';

export const NEW_WEBHOOK_SHORTCUT = 'Alt+N';

type Editing = { kind: 'new' } | { kind: 'edit'; subscription: WebhookSubscription } | null;

function HookRow(props: {
  hook: WebhookSubscription;
  mine: boolean;
  names: ReadonlyMap<string, string>;
  onEdit(): void;
}) {
  const { hook } = props;
  const changed = hook.updated_at ?? hook.created_at;
  return (
    <li className={props.mine ? 'hook-row hook-mine' : 'hook-row'}>
      <div className="hook-main">
        <div className="hook-url-line">
          <code className="settings-url">{hook.url ?? settingsWords.webhooks.noUrl}</code>
          {props.mine ? <span className="pill pill-new">{settingsWords.webhooks.thisStation}</span> : null}
          {hook.is_active === false ? <span className="pill pill-plain">{settingsWords.webhooks.inactive}</span> : null}
        </div>
        <span className="muted">
          {describeCodes(hook.event_codes, props.names)}
          {changed ? (
            <>
              {settingsWords.webhooks.changedAt}
              <time dateTime={changed} title={formatFullTime(changed)}>
                {formatWhen(changed, new Date())}
              </time>
            </>
          ) : null}
        </span>
      </div>
      <button
        type="button"
        className="button button-small"
        onClick={props.onEdit}
        aria-label={settingsWords.webhooks.changeAt(hook.url)}
      >
        {settingsWords.webhooks.change}
      </button>
    </li>
  );
}

export function WebhooksCard(props: { listenerUrl: string | null; names: ReadonlyMap<string, string> }) {
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  useCommands([
    {
      id: 'notifications.newWebhook',
      title: settingsWords.webhooks.newCommand,
      group: settingsWords.group,
      shortcut: NEW_WEBHOOK_SHORTCUT,
      enabled: editing === null,
      run: () => setEditing({ kind: 'new' }),
    },
  ]);
  const list = hooks.data ?? [];

  return (
    <section className="card settings-card" aria-labelledby="settings-webhooks-title">
      <div className="section-head">
        <h2 id="settings-webhooks-title">{settingsWords.webhooks.title}</h2>
        <ActionButton
          shortcut={NEW_WEBHOOK_SHORTCUT}
          onClick={() => setEditing({ kind: 'new' })}
          disabled={editing !== null}
        >
          {settingsWords.webhooks.newButton}
        </ActionButton>
      </div>
      {hooks.isPending ? <p className="muted">{settingsWords.webhooks.reading}</p> : null}
      {hooks.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(hooks.error)}
        </p>
      ) : null}
      {hooks.data && list.length === 0 ? <p className="muted">{settingsWords.webhooks.none}</p> : null}
      {list.length > 0 ? (
        <ul className="hook-list" aria-label={settingsWords.webhooks.list}>
          {list.map((hook) => (
            <HookRow
              key={hook.id}
              hook={hook}
              mine={isStationSubscription(hook, props.listenerUrl)}
              names={props.names}
              onEdit={() => {
                setDone(null);
                setEditing({ kind: 'edit', subscription: hook });
              }}
            />
          ))}
        </ul>
      ) : null}
      {done ? (
        <p className="notice notice-good" role="status">
          {done}
        </p>
      ) : null}
      {editing ? (
        <WebhookForm
          key={editing.kind === 'edit' ? editing.subscription.id : 'new'}
          editing={editing.kind === 'edit' ? editing.subscription : null}
          listenerUrl={props.listenerUrl}
          names={props.names}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      ) : null}
    </section>
  );
}
