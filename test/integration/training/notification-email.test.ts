// Email notifications over real HTTP: the subscription state, .eml files in the mailbox folder, and an SMTP server when set.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '../../../contract/service/notification-deliveries.ts';
import type { EmailSubscriptionState } from '../../../contract/service/notifications.ts';
import type { Harness } from './harness.ts';
import { orderMaker, startServiceWith, waitUntil } from './notifications-support.ts';

let h: Harness;
let mailboxDir: string;
let createOrder: Awaited<ReturnType<typeof orderMaker>>;
beforeAll(async () => {
  mailboxDir = await mkdtemp(join(tmpdir(), 'training-mailbox-test-'));
  h = await startServiceWith({ mailboxDir, deliveryTimeScale: 1_000 });
  createOrder = await orderMaker(h);
});
afterAll(async () => {
  await h.close();
  await rm(mailboxDir, { recursive: true, force: true });
});

const subscribeEmail = (event_codes: unknown, as: 'admin' | 'pharmacist' | 'technician') =>
  h.api('PUT', '/api/v1/notifications/email', { body: { event_codes }, as });

async function mailbox(): Promise<MailboxMessage[]> {
  const res = await h.api<MailboxMessage[]>('GET', '/api/v1/notifications/mailbox?page_size=200');
  expect(res.status).toBe(200);
  return res.body;
}

/** The message's headers and its decoded text (nodemailer may write the body quoted-printable). */
function parseEml(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  let text = rest.join('\n\n');
  if (headers.get('content-transfer-encoding') === 'quoted-printable') {
    text = text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return { headers, text };
}

describe('the email subscription', () => {
  it("is set for the current user's address and answers the events it covers", async () => {
    const res = await subscribeEmail(['order.created', 'order.stuck'], 'pharmacist');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_active: true, email: 'pharmacist@training.local' });
    expect((res.body as EmailSubscriptionState).subscriptions!.map((e) => e.event_code)).toEqual([
      'order.created',
      'order.stuck',
    ]);
    expect(res.body.subscriptions[0].name).toBe('Order created');
  });

  it('covers all five events with `all`', async () => {
    const res = await subscribeEmail(['all'], 'admin');
    expect(res.body.subscriptions).toHaveLength(5);
    expect(res.body.event_codes).toEqual(['all']);
  });

  it('is refused with an empty list, an unknown code or an unknown field', async () => {
    expect((await subscribeEmail([], 'technician')).status).toBe(400);
    expect((await subscribeEmail(['order.exploded'], 'technician')).status).toBe(400);
    const extra = await h.api('PUT', '/api/v1/notifications/email', {
      body: { event_codes: ['all'], email: 'someone@else.test' },
      as: 'technician',
    });
    expect(extra.status).toBe(400);
  });
});

describe('email notifications', () => {
  it('write an .eml file for each subscriber of the event, with the event in it, and list it in the mailbox', async () => {
    await subscribeEmail(['order.shipped'], 'technician'); // not order.created: gets nothing below
    const order = await createOrder();
    let mails: MailboxMessage[] = [];
    const until = performance.now() + 5_000;
    while (mails.length < 2 && performance.now() < until) {
      mails = await mailbox();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@training.local', 'pharmacist@training.local']);
    const mail = mails.find((m) => m.to === 'pharmacist@training.local')!;
    expect(mail).toMatchObject({
      event_code: 'order.created',
      subject: `Order created: order ${order.order_number} for Avery Example`,
      file_name: expect.stringMatching(/\.eml$/),
    });

    const files = await readdir(mailboxDir);
    expect(files).toContain(mail.file_name);
    const { headers, text } = parseEml(await readFile(join(mailboxDir, mail.file_name!), 'utf8'));
    expect(headers.get('to')).toBe('pharmacist@training.local');
    expect(headers.get('subject')).toBe(mail.subject);
    expect(headers.get('x-event-code')).toBe('order.created');
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(headers.get('date')).toEqual(expect.any(String));
    expect(text).toContain(`Order: ${order.order_number}`);
    expect(text).toContain(`https://dashboard.training.invalid/orders/${order.id}`);
    // The mailbox listing carries the same text, so the station can show it.
    expect(mail.body).toContain(`Order: ${order.order_number}`);
    expect(mail.body).toContain(`https://dashboard.training.invalid/orders/${order.id}`);
  });
});

/** A minimal SMTP server: enough of RFC 5321 for nodemailer to hand over one message at a time. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: { to: string[]; data: string }[] }> {
  const messages: { to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { to: [] as string[], data: '' };
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })),
  );
}

describe('with an SMTP server configured', () => {
  it('sends the notification email there instead of writing a file, and lists it in the mailbox', async () => {
    const smtp = await fakeSmtp();
    const folder = await mkdtemp(join(tmpdir(), 'training-mailbox-unused-'));
    const other = await startServiceWith({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailboxDir: folder });
    try {
      const make = await orderMaker(other);
      expect(
        (await other.api('PUT', '/api/v1/notifications/email', { body: { event_codes: ['all'] }, as: 'pharmacist' }))
          .status,
      ).toBe(200);
      const order = await make();
      await waitUntil(() => smtp.messages.length === 1, 5_000, 'one message at the SMTP server');
      expect(smtp.messages[0]?.to).toEqual(['pharmacist@training.local']);
      expect(smtp.messages[0]?.data).toContain(`Subject: Order created: order ${order.order_number}`);
      let listed: MailboxMessage[] = [];
      for (let i = 0; i < 100 && listed.length === 0; i++) {
        listed = (await other.api('GET', '/api/v1/notifications/mailbox')).body;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(listed[0]).toMatchObject({ to: 'pharmacist@training.local', transport: 'smtp', file_name: null });
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await other.close();
      smtp.server.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
