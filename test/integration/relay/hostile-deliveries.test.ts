// Whatever reaches the relay, it answers a clear 4xx (or 204 for a good delivery), never a 5xx or a crash; nothing but
// a signed, well-formed delivery reaches the stream. Property tests with fast-check over real HTTP and a real NATS.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';

const SECRET = 'relay-hostile-test-secret-synthetic';
let nats: NatsServer;
let relay: Relay;
let url: string;
let stateDir: string;

beforeAll(async () => {
  nats = await startNatsServer();
  stateDir = mkdtempSync(join(tmpdir(), 'relay-hostile-'));
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, 'webhook-signing-secret'), SECRET, { mode: 0o600 });
  relay = createRelay({ port: 0, stateDir, nats: { servers: [nats.url] }, service: null, log: () => {} });
  url = (await relay.start()).url;
});
afterAll(async () => {
  await relay?.stop();
  await nats?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers, body }).then(async (answer) => {
    await answer.arrayBuffer();
    return answer.status;
  });

describe('the relay against hostile deliveries', () => {
  it('answers any body with the secret 204, 400, 413 or 422, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.json({ maxDepth: 4 }),
          fc
            .record({ event_code: fc.string({ maxLength: 40 }), data: fc.dictionary(fc.string(), fc.jsonValue()) })
            .map((value) => JSON.stringify(value)),
        ),
        async (body) => {
          const status = await post(body, { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` });
          expect([204, 400, 413, 422]).toContain(status);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('refuses a delivery without the secret, with a wrong one, or from a web page, and publishes nothing', async () => {
    const before = relay.counts().published;
    const good = JSON.stringify({ event_code: 'order.created', data: { id: 'hostile-1', url: 'https://x.invalid/1' } });
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 80 }), async (token) => {
        fc.pre(token !== SECRET && !/\s/.test(token));
        const status = await post(good, { 'content-type': 'application/json', authorization: `Bearer ${token}` });
        expect(status).toBe(401);
      }),
      { numRuns: 60 },
    );
    expect(await post(good, { 'content-type': 'application/json' })).toBe(401);
    const fromPage = {
      'content-type': 'application/json',
      authorization: `Bearer ${SECRET}`,
      origin: 'https://evil.example',
    };
    expect(await post(good, fromPage)).toBe(403);
    expect(await post(good, { 'content-type': 'text/plain', authorization: `Bearer ${SECRET}` })).toBe(415);
    expect(
      await post('x'.repeat(70 * 1024), { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }),
    ).toBe(413);
    expect(relay.counts().published).toBe(before);
  });
});
