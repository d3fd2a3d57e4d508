// Hostile deliveries that carry the right secret: a nesting bomb and a sender that walks away mid-body get a clear
// 4xx or nothing at all — never a 500, never an alarming log line — and the listener keeps serving.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DELIVERY_DEPTH } from '../../../main/events/guard.ts';
import { WEBHOOK_PATH } from '../../../main/events/listener.ts';
import { delivery, goodHeaders, type Rig, SECRET, send, startRig } from './rig.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const errorLines = () => rig.logLines.filter((line) => /"level":"(error|warn)"/.test(line));

/** An order.stuck delivery (its key hashes the data) with `levels` of nested arrays inside data. */
function nested(levels: number): string {
  const base = JSON.stringify(delivery('order.stuck', { note: '@' }));
  return base.replace('"@"', `${'['.repeat(levels)}1${']'.repeat(levels)}`);
}

describe('an authenticated delivery nested far too deep', () => {
  it('is refused with a 400 that says so (5,000 levels, 10 KB), stores nothing and logs no error', async () => {
    const inboxBefore = rig.db.get<{ n: number }>('SELECT count(*) AS n FROM inbox')?.n;
    const body = nested(5000);
    expect(Buffer.byteLength(body)).toBeLessThan(11 * 1024);
    const answer = await send(rig.port, { headers: goodHeaders(rig.port), body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/levels deep/);
    expect(rig.db.get<{ n: number }>('SELECT count(*) AS n FROM inbox')?.n).toBe(inboxBefore);
    expect(errorLines()).toEqual([]);
    expect(rig.listener.counts().refused.too_deep).toBeGreaterThanOrEqual(1);
  });

  it(`accepts a delivery nested ${MAX_DELIVERY_DEPTH} levels deep, the most allowed`, async () => {
    // The delivery object and data are two levels; the rest is the nested note.
    const answer = await send(rig.port, { headers: goodHeaders(rig.port), body: nested(MAX_DELIVERY_DEPTH - 2) });
    expect(answer.status).toBe(204);
    const over = await send(rig.port, { headers: goodHeaders(rig.port), body: nested(MAX_DELIVERY_DEPTH - 1) });
    expect(over.status).toBe(400);
  });
});

describe('a sender that walks away mid-body', () => {
  it('is counted as aborted, with no answer owed and no error logged; the next delivery is accepted', async () => {
    const before = rig.listener.counts().refused.aborted ?? 0;
    const socket = connect(rig.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const head = [
      `POST ${WEBHOOK_PATH} HTTP/1.1`,
      `Host: 127.0.0.1:${rig.port}`,
      `Authorization: Bearer ${SECRET}`,
      'Content-Type: application/json',
      'Content-Length: 4000',
      '',
      '',
    ].join('\r\n');
    socket.write(`${head}{"event_code":"order.shipped","data":{"id":"`);
    await expect.poll(() => rig.listener.counts().refused.aborted ?? 0).toBe(before);
    socket.destroy();
    await expect.poll(() => rig.listener.counts().refused.aborted ?? 0).toBe(before + 1);
    expect(errorLines()).toEqual([]);
    expect((await send(rig.port, { headers: goodHeaders(rig.port), body: JSON.stringify(delivery()) })).status).toBe(
      204,
    );
  });
});
