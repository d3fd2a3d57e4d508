// The signed-in person's notification emails: which events are mailed to their address.
import { useState } from 'react';
import { emailSubscriptionBody, type NotificationSubscription } from '../../../contract/service/notifications.ts';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useEmailSubscription, useUpdateEmail } from '../../queries/notifications.ts';
import { useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { EventChooser } from './EventChooser.tsx';
import {
  choiceOf,
  choiceProblem,
  codesOfChoice,
  codesOfSubscription,
  describeCodes,
  type EventChoice,
} from './event-codes.ts';
import { settingsWords } from './wording.ts';

export const SAVE_EMAIL_SHORTCUT = 'Alt+M';

function EmailForm(props: {
  current: NotificationSubscription | null;
  address: string | null;
  names: ReadonlyMap<string, string>;
}) {
  const currentCodes = props.current && props.current.is_active !== false ? codesOfSubscription(props.current) : [];
  const [choice, setChoice] = useState<EventChoice>(() => choiceOf(currentCodes));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateEmail();

  const save = () => {
    if (update.isPending) return;
    const problem = choiceProblem(choice);
    const parsed = emailSubscriptionBody.safeParse({ event_codes: codesOfChoice(choice) });
    if (problem || !parsed.success) {
      setError(problem ?? settingsWords.email.notAccepted);
      return;
    }
    setError(null);
    update.mutate(parsed.data);
  };
  useCommands([
    {
      id: 'notifications.saveEmail',
      title: settingsWords.email.saveCommand,
      group: settingsWords.group,
      shortcut: SAVE_EMAIL_SHORTCUT,
      run: save,
    },
  ]);
  const saved = update.data ? codesOfSubscription(update.data) : null;

  return (
    <form
      className="settings-form"
      aria-labelledby="settings-email-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <p>
        {props.address ? (
          <>
            {settingsWords.email.mailedTo}
            <strong>{props.address}</strong>:{' '}
          </>
        ) : null}
        {currentCodes.length > 0 ? describeCodes(currentCodes, props.names) : settingsWords.email.noEvents}.
      </p>
      <EventChooser
        legend={settingsWords.email.chooser}
        choice={choice}
        names={props.names}
        onChange={(next) => {
          setChoice(next);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <div className="settings-actions">
        <ActionButton primary shortcut={SAVE_EMAIL_SHORTCUT} onClick={save} disabled={update.isPending}>
          {update.isPending ? settingsWords.email.saving : settingsWords.email.save}
        </ActionButton>
      </div>
      {saved ? (
        <p className="notice notice-good" role="status">
          {settingsWords.email.saved(describeCodes(saved, props.names))}
        </p>
      ) : null}
      {update.isError ? (
        <p className="notice notice-bad" role="alert">
          {settingsWords.email.notSaved(messageOf(update.error))}
        </p>
      ) : null}
    </form>
  );
}

export function EmailCard(props: { names: ReadonlyMap<string, string> }) {
  const subscription = useEmailSubscription();
  const session = useSession();
  const current = subscription.data ?? null;
  const listed = current && typeof current.email === 'string' ? current.email : null;
  const address = listed ?? session.data?.user?.email ?? null;
  return (
    <section className="card settings-card" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title">{settingsWords.email.title}</h2>
      {subscription.isPending ? <p className="muted">{settingsWords.email.reading}</p> : null}
      {subscription.isError && !subscription.data ? (
        <p className="notice notice-warn" role="status">
          {settingsWords.email.notRead(messageOf(subscription.error))}
        </p>
      ) : null}
      {subscription.isPending ? null : <EmailForm current={current} address={address} names={props.names} />}
    </section>
  );
}
