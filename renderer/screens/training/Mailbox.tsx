// The training service's mailbox: the notification emails it wrote, with the message text when the service gives it.
import type { MailboxMessage } from '../../../contract/service/notifications.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { useMailbox } from '../../queries/notifications.ts';
import { LogCard } from './LogCard.tsx';
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
  return (
    <LogCard
      id="mailbox"
      title="Mailbox"
      command={{ id: 'training.mailbox', title: 'Read the mailbox again', shortcut: MAILBOX_SHORTCUT }}
      read={useMailbox({ poll: POLL_MS })}
      reading="Reading the mailbox…"
      empty="No emails yet. Choose events under Notifications (Alt+9), Email notifications; then step the simulation."
      listLabel="Notification emails, newest first"
      row={(message) => <MailRow key={message.id} message={message} now={now} />}
    />
  );
}
