// The training service's mailbox: the notification emails it wrote, with the message text when the service gives it.
import type { MailboxMessage } from '../../../contract/service/notifications.ts';
import { useTimedRefresh } from '../../attendance/attendance-store.ts';
import { formatFullTime, formatWhen } from '../../format/when.ts';
import { useMailbox } from '../../queries/notifications.ts';
import { LogCard } from './LogCard.tsx';
import { messageText } from './mail-text.ts';
import { trainingWords } from './wording.ts';

export const MAILBOX_SHORTCUT = 'Alt+M';
const POLL_MS = 5000;

function MailRow({ message, now }: { message: MailboxMessage; now: Date }) {
  const when = message.created_at;
  const text = messageText(message);
  return (
    <li className="log-row">
      <strong className="mail-subject">{message.subject}</strong>
      <span className="muted">
        {trainingWords.mailbox.to}
        {message.to}
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
          <summary>{trainingWords.mailbox.message}</summary>
          {/* Shown as text (React escapes it): an email body is never interpreted as markup. */}
          <pre className="mail-body">{text}</pre>
        </details>
      ) : message.file_name ? (
        <span className="muted">{trainingWords.mailbox.savedAs(message.file_name)}</span>
      ) : null}
    </li>
  );
}

export function Mailbox({ now }: { now: Date }) {
  const poll = useTimedRefresh(POLL_MS);
  return (
    <LogCard
      id="mailbox"
      title={trainingWords.mailbox.title}
      command={{ id: 'training.mailbox', title: trainingWords.mailbox.command, shortcut: MAILBOX_SHORTCUT }}
      read={useMailbox({ poll })}
      reading={trainingWords.mailbox.reading}
      empty={trainingWords.mailbox.empty}
      listLabel={trainingWords.mailbox.list}
      row={(message) => <MailRow key={message.id} message={message} now={now} />}
    />
  );
}
