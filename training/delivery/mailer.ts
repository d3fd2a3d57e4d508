// Notification emails: a real RFC 822 message from nodemailer, written to the mailbox folder as .eml, or sent to an SMTP server.
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';

export const MAIL_FROM = 'Fulfillment Station training <notifications@training.local>';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  eventCode: string;
  eventId: string;
  /** The service-clock moment the event happened (the Date header and the file name). */
  date: Date;
}

export interface MailReceipt {
  transport: 'file' | 'smtp';
  fileName: string | null;
  filePath: string | null;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<MailReceipt>;
  /** Closes SMTP connections; removes the folder it made itself for an in-memory database. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The database location: the default mailbox folder sits beside a database file. */
  db: string;
  mailboxDir?: string;
  smtpUrl?: string;
}

/** Where .eml files go when no folder is configured: `mailbox/` beside the database file; null for ':memory:'. */
export function defaultMailboxDir(db: string): string | null {
  return db === ':memory:' || db === '' ? null : join(dirname(resolve(db)), 'mailbox');
}

function headersOf(mail: OutgoingMail) {
  return {
    from: MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    date: mail.date,
    headers: { 'X-Event-Code': mail.eventCode, 'X-Event-Id': mail.eventId },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl) : folderMailer(options);
}

function smtpMailer(url: string): Mailer {
  // Bounded waits: a dead server must not hold the worker (or its shutdown) for nodemailer's default minutes.
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transport.sendMail(headersOf(mail));
      return { transport: 'smtp', fileName: null, filePath: null };
    },
    async close() {
      transport.close();
    },
  };
}

function folderMailer(options: MailerOptions): Mailer {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const configured = options.mailboxDir ?? defaultMailboxDir(options.db);
  let madeTemp: Promise<string> | null = null;
  const folder = async (): Promise<string> => {
    if (configured !== null) {
      await mkdir(configured, { recursive: true });
      return configured;
    }
    madeTemp ??= mkdtemp(join(tmpdir(), 'training-mailbox-'));
    return madeTemp;
  };
  return {
    async send(mail) {
      const info = await composer.sendMail(headersOf(mail));
      const dir = await folder();
      const stamp = mail.date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const fileName = `${stamp}-${mail.eventCode}-${mail.id.slice(0, 8)}.eml`;
      const filePath = join(dir, fileName);
      // Written whole or not at all: a mail client watching the folder never opens half a message.
      await writeFile(`${filePath}.part`, info.message as Buffer);
      await rename(`${filePath}.part`, filePath);
      return { transport: 'file', fileName, filePath };
    },
    async close() {
      const made = madeTemp;
      madeTemp = null;
      if (made) await rm(await made, { recursive: true, force: true });
    },
  };
}
