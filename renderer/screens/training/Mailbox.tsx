// The training service's mailbox: the notification emails it wrote, with the message text when the service gives it.
import type { MailboxMessage } from '../../../contract/service/notifications.ts';
import { useCommands } from '../../commands/command-store.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useMailbox } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { messageText } from './mail-text.ts';

export const MAILBOX_SHORTCUT = 'Alt+M';
const POLL_MS = 5000;

function MailRow({ message, now }: { message: MailboxMessage; now: Date }) {
  const when = message.created_at;
  const text = messageText(message);
  return (
    <li className="log-row">
      <strong className="mail-subject">{message.subject}</strong>
      <span className="muted">
        To {message.to}
        {when ? (
          <>
            {' · '}
            <time dateTime={when} title={formatFullTime(when)}>
              {formatWhen(when, now)}
            </time>
          </>
        ) : null}
      </span>
      {text ? (
        <details className="log-details">
          <summary>Message</summary>
          {/* Shown as text (React escapes it): an email body is never interpreted as markup. */}
          <pre className="mail-body">{text}</pre>
        </details>
      ) : message.file_name ? (
        <span className="muted">Saved as {message.file_name}</span>
      ) : null}
    </li>
  );
}

export function Mailbox({ now }: { now: Date }) {
  const mailbox = useMailbox({ poll: POLL_MS });
  const readAgain = () => void mailbox.refetch();
  useCommands([
    {
      id: 'training.mailbox',
      title: 'Read the mailbox again',
      group: 'Training',
      shortcut: MAILBOX_SHORTCUT,
      run: readAgain,
    },
  ]);
  const list = mailbox.data ?? [];

  return (
    <section className="card settings-card" aria-labelledby="training-mailbox-title">
      <div className="section-head">
        <h2 id="training-mailbox-title">Mailbox</h2>
        <ActionButton shortcut={MAILBOX_SHORTCUT} onClick={readAgain} className="button-small">
          Read again
        </ActionButton>
      </div>
      {mailbox.isPending ? <p className="muted">Reading the mailbox…</p> : null}
      {mailbox.isError && !mailbox.data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(mailbox.error)}
        </p>
      ) : null}
      {mailbox.data && list.length === 0 ? (
        <p className="muted">
          No emails yet. Choose events under Notifications (Alt+9), Email notifications; then step the simulation.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ol className="log-list" aria-label="Notification emails, newest first">
          {list.map((message) => (
            <MailRow key={message.id} message={message} now={now} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
