// The webhook listener over real HTTP: every check of a delivery, the durable inbox, duplicates, a busy port, the logs.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../../kits/sqlite/db.ts';
import { EventInbox } from '../../../main/events/inbox.ts';
import { createWebhookListener, WEBHOOK_PATH } from '../../../main/events/listener.ts';
import { openEventsDb } from '../../../main/events/schema.ts';
import { delivery, goodHeaders, type Rig, SECRET, send, startRig } from './rig.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const post = (body: unknown, headers: Record<string, string> = goodHeaders(rig.port)) =>
  send(rig.port, { headers, body: JSON.stringify(body) });

describe('a genuine delivery', () => {
  it('is on disk in the inbox before the 204, and reaches subscribers once', async () => {
    const sent = delivery('order.shipped');
    const answer = await post(sent);
    expect(answer.status).toBe(204);
    // Another connection to the file sees the row: it was committed before the answer.
    const other = new Db(`${rig.dir}/events.db`);
    const row = other.get<{ key: string; dispatched_at: number | null }>(
      'SELECT key, dispatched_at FROM inbox WHERE subject_id = ?',
      sent.data.id,
    );
    other.close();
    expect(row?.key).toBe(`order.shipped:${sent.data.id}`);
    expect(rig.events.filter((e) => e.subjectId === sent.data.id)).toHaveLength(1);
  });

  it('sent again (the sender retries) is acknowledged with 204 but raises no second event', async () => {
    const sent = delivery('order.delivered');
    for (let i = 0; i < 3; i++) expect((await post(sent)).status).toBe(204);
    expect(rig.events.filter((e) => e.subjectId === sent.data.id)).toHaveLength(1);
    expect(rig.listener.counts().duplicates).toBeGreaterThanOrEqual(2);
  });

  it('becomes a notification without the patient name, whose click carries the order id', async () => {
    rig.notifier.flush(); // the earlier tests' burst
    const sent = delivery('order.shipped');
    expect((await post(sent)).status).toBe(204);
    rig.notifier.flush();
    const shown = rig.notifications.find((n) => n.eventKeys.includes(`order.shipped:${sent.data.id}`));
    expect(shown?.title).toBe(`Order ${sent.data.order_number} shipped`);
    expect(`${shown?.title} ${shown?.body}`).not.toMatch(/Zelda|Quixote/);
    shown?.click();
    expect(rig.clicks.at(-1)).toEqual({ orderId: sent.data.id });
  });

  it('with a field of another kind is still taken, and the drift is counted without its value', async () => {
    const sent = delivery('order.shipped');
    const odd = { ...sent, data: { ...sent.data, status_code: 501, first_name: { given: 'Zelda' } } };
    expect((await post(odd)).status).toBe(204);
    expect(rig.events.filter((e) => e.subjectId === sent.data.id)).toHaveLength(1);
    const seen = rig.drift.entries().map((e) => `${e.operation}: ${e.path} ${e.kind} ${e.was}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'webhook.delivery: data.status_code coerced a number',
        'webhook.delivery: data.first_name dropped an object',
      ]),
    );
    expect(JSON.stringify(rig.drift.entries())).not.toContain('Zelda');
  });

  it('is accepted at exactly 64 KiB and with a charset in its content type', async () => {
    const base = JSON.stringify(delivery('order.stuck', { note: '' }));
    const padded = base.replace('"note":""', `"note":"${'x'.repeat(64 * 1024 - base.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(64 * 1024);
    const headers = { ...goodHeaders(rig.port), 'content-type': 'application/json; charset=utf-8' };
    expect((await send(rig.port, { headers, body: padded })).status).toBe(204);
  });

  it('may name the listener as localhost or [::1] with its port', async () => {
    for (const host of [`localhost:${rig.port}`, `[::1]:${rig.port}`, `LOCALHOST:${rig.port}`]) {
      expect((await post(delivery(), { ...goodHeaders(rig.port), host })).status).toBe(204);
    }
  });
});

describe('a refused request', () => {
  it('without a bearer secret, or with a wrong one, is 401 and records nothing', async () => {
    const before = rig.inbox.stats().events;
    const { authorization: _, ...noAuth } = goodHeaders(rig.port);
    const wrong = [
      noAuth,
      { ...noAuth, authorization: 'Bearer nope' },
      { ...noAuth, authorization: `Bearer ${SECRET}x` },
      { ...noAuth, authorization: `Bearer ${SECRET.slice(0, -1)}` },
      { ...noAuth, authorization: `Basic ${Buffer.from(`u:${SECRET}`).toString('base64')}` },
      { ...noAuth, authorization: SECRET },
      { ...noAuth, authorization: 'Bearer ' },
    ];
    for (const headers of wrong) expect((await post(delivery(), headers)).status).toBe(401);
    expect(rig.inbox.stats().events).toBe(before);
  });

  it('while the workstation has no webhook secret yet is 401, even with a plausible bearer', async () => {
    rig.secret.value = null;
    try {
      expect((await post(delivery())).status).toBe(401);
      expect((await post(delivery(), { ...goodHeaders(rig.port), authorization: 'Bearer null' })).status).toBe(401);
    } finally {
      rig.secret.value = SECRET;
    }
  });

  it('when the keychain cannot be read is 503, so the sender tries again later', async () => {
    rig.secret.fail = true;
    try {
      expect((await post(delivery())).status).toBe(503);
    } finally {
      rig.secret.fail = false;
    }
  });

  it('naming any host but the loopback names with this port is 403', async () => {
    const hosts = ['evil.example', `evil.example:${rig.port}`, '127.0.0.1', `127.0.0.1:${rig.port + 1}`, '0.0.0.0'];
    for (const host of hosts) {
      expect((await post(delivery(), { ...goodHeaders(rig.port), host })).status).toBe(403);
    }
  });

  it('carrying an Origin header is 403 even with the right secret', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${rig.port}`]) {
      expect((await post(delivery(), { ...goodHeaders(rig.port), origin })).status).toBe(403);
    }
  });

  it('that is not JSON is 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/jsonp',
      'application/json; charset=latin1',
    ]) {
      expect((await post(delivery(), { ...goodHeaders(rig.port), 'content-type': type })).status).toBe(415);
    }
    const { 'content-type': _, ...untyped } = goodHeaders(rig.port);
    expect((await post(delivery(), untyped)).status).toBe(415);
  });

  it('over 64 KiB is 413, whether its length is declared or it comes chunked', async () => {
    const big = JSON.stringify(delivery('order.shipped', { note: 'x'.repeat(64 * 1024) }));
    expect((await send(rig.port, { headers: goodHeaders(rig.port), body: big })).status).toBe(413);
    expect((await send(rig.port, { headers: goodHeaders(rig.port), body: big, chunked: true })).status).toBe(413);
    const huge = Buffer.alloc(2 * 1024 * 1024, 0x20);
    expect([413, 0]).toContain((await send(rig.port, { headers: goodHeaders(rig.port), body: huge })).status);
    // The listener still answers afterwards.
    expect((await post(delivery())).status).toBe(204);
  });

  it('with malformed JSON is 400, and JSON that is not a delivery is 422', async () => {
    const headers = goodHeaders(rig.port);
    for (const body of ['{', '{"event_code":', 'not json', '']) {
      expect((await send(rig.port, { headers, body })).status).toBe(400);
    }
    for (const body of [
      {},
      [],
      { event_code: 'order.shipped' },
      { event_code: 'order.shipped', data: { id: 'x' } },
      42,
    ]) {
      expect((await post(body)).status).toBe(422);
    }
  });

  it('to another path is 404, and with another method is 405', async () => {
    const headers = goodHeaders(rig.port);
    expect((await send(rig.port, { headers, path: '/', body: '{}' })).status).toBe(404);
    expect((await send(rig.port, { headers, path: `${WEBHOOK_PATH}/x`, body: '{}' })).status).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      expect((await send(rig.port, { headers, method })).status).toBe(405);
    }
  });

  it('never puts the secret, a header or the body in a log line', () => {
    const log = rig.logLines.join('\n');
    expect(log).toContain('delivery refused');
    for (const needle of [SECRET, 'Zelda', 'Quixote', 'evil.example', 'Bearer', 'nope'])
      expect(log).not.toContain(needle);
  });
});

describe('the listener itself', () => {
  it('reports a busy port as a status with a message to show, instead of throwing', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const db = openEventsDb(':memory:');
    const listener = createWebhookListener({
      port,
      secret: async () => SECRET,
      sink: { accept: async (events) => events.map(() => true) },
    });
    try {
      const status = await listener.start();
      expect(status).toMatchObject({ state: 'failed', code: 'port_in_use', port });
      expect(status.state === 'failed' && status.message).toContain(`Port ${port}`);
      expect(listener.status().state).toBe('failed');
    } finally {
      await listener.stop();
      db.close();
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('hands on, at the next start, events it recorded but had not handed on when it stopped', async () => {
    const first = await startRig();
    const dir = first.dir;
    // As if the process died between the commit and the fan-out.
    first.inbox.record([
      {
        key: 'order.created:crash-1',
        eventCode: 'order.created',
        subjectId: 'crash-1',
        orderNumber: '3000001',
        statusCode: 'N01',
        statusName: 'Received',
        url: null,
        source: 'webhook',
        receivedAt: new Date().toISOString(),
      },
    ]);
    await first.close({ keepDir: true });
    const second = await startRig({ dir });
    try {
      expect(second.events.map((e) => e.key)).toEqual(['order.created:crash-1']);
      expect(second.inbox.stats().undispatched).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('recognises a duplicate for at least 7 days, and forgets it after the retention', () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const db = openEventsDb(':memory:');
    const inbox = new EventInbox(db, () => now);
    const event = {
      key: 'order.shipped:week-old',
      eventCode: 'order.shipped',
      subjectId: 'week-old',
      orderNumber: null,
      statusCode: null,
      statusName: null,
      url: null,
      source: 'webhook' as const,
      receivedAt: new Date(now).toISOString(),
    };
    expect(inbox.record([event])).toEqual([true]);
    inbox.markDispatched([event.key]);
    now += 7 * 24 * 3600_000 + 3600_000;
    inbox.prune();
    expect(inbox.record([event])).toEqual([false]);
    now += 2 * 24 * 3600_000;
    expect(inbox.prune()).toBe(1);
    expect(inbox.has(event.key)).toBe(false);
    db.close();
  });
});
