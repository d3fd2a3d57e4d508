// The text of a mailbox message, when the service lists it (`body` or `text`); null when it lists only the headers.
import type { MailboxMessage } from '../../../contract/service/notifications.ts';

export function messageText(message: MailboxMessage): string | null {
  for (const key of ['body', 'text'] as const) {
    const value = message[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}
