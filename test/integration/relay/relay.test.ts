// The events relay over real parts: the training service delivers signed webhooks over HTTP to the relay, which
// subscribed itself with its own service account; the relay publishes to a real nats-server's JetStream stream.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHARMACY_STREAM, serviceEventMessage } from '../../../contract/pharmacy-stream.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { seedDemoData, TRAINING_PASSWORD } from '../../../training/index.ts';
import { newOrder } from '../support/new-records.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';

let h: Harness;
let nats: NatsServer;
let relay: Relay;
let relayUrl: string;
let stateDir: string;
let reader: NatsConnection;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 4, orders: 5, now: h.clock.now });
  nats = await startNatsServer();
  stateDir = mkdtempSync(join(tmpdir(), 'relay-state-'));
  relay = createRelay({
    port: 0,
    stateDir,
    nats: { servers: [nats.url] },
    service: { baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD },
    log: (line) => logged.push(line),
    logIntervalMs: 50,
  });
  relayUrl = (await relay.start()).url;
  reader = await connect({ servers: nats.url });
});
afterAll(async () => {
  await reader?.close();
  await relay?.stop();
  await nats?.stop();
  await h?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function newOrderId(): Promise<string> {
  const patient = (await h.api('GET', '/api/v1/patients?page_size=1')).body[0];
  const products = (await h.api('GET', '/api/v1/products')).body;
  const created = await h.api('POST', '/api/v1/orders?force_new=true', {
    body: newOrder(patient.id, { id: products.prescription[0].id }),
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Every message on the stream so far, parsed. */
async function streamMessages() {
  const consumer = await jetstream(reader).consumers.get(PHARMACY_STREAM);
  const info = await consumer.info();
  const total = info.num_pending;
  const found = [];
  if (total === 0) return [];
  const batch = await consumer.fetch({ max_messages: total, expires: 2_000 });
  for await (const message of batch) {
    found.push(serviceEventMessage.parse(message.json()));
    if (found.length === total) break;
  }
  return found;
}

describe('the events relay', () => {
  it('owns the one subscription and keeps the signing secret in a 0600 file', async () => {
    const hooks = (await h.api('GET', '/api/v1/notifications/webhooks')).body as { url: string }[];
    expect(hooks.map((hook) => hook.url)).toEqual([relayUrl]);
    expect(statSync(join(stateDir, 'webhook-signing-secret')).mode & 0o777).toBe(0o600);
  });

  it("publishes the service's order.created to the stream once, without the patient's name", async () => {
    const id = await newOrderId();
    await expect.poll(async () => (await streamMessages()).filter((m) => m.data.id === id)).toHaveLength(1);
    const [message] = (await streamMessages()).filter((m) => m.data.id === id);
    expect(message).toMatchObject({ key: `order.created:${id}`, event_code: 'order.created' });
    expect(JSON.stringify(message)).not.toMatch(/first_name|last_name/);
    expect(relay.counts()).toMatchObject({ published: expect.any(Number), unstored: 0 });
  });

  it('refuses a forged delivery (no secret, a wrong one) with a 401 and publishes nothing', async () => {
    const before = relay.counts().published;
    const body = JSON.stringify({ event_code: 'order.created', data: { id: 'forged', url: 'https://x.invalid' } });
    for (const authorization of [undefined, 'Bearer not-the-secret']) {
      const answer = await fetch(relayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body,
      });
      expect(answer.status).toBe(401);
      expect(await answer.text()).not.toContain('secret=');
    }
    expect(relay.counts().published).toBe(before);
    expect(relay.counts().refused.signature).toBe(2);
  });

  it('answers its health, and says degraded (503) while NATS is down', async () => {
    const healthUrl = relayUrl.replace('/webhooks/fulfillment', '/health');
    const up = await fetch(healthUrl);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 'ok', nats: 'connected', signing_secret: 'present' });
    await nats.kill();
    await expect.poll(async () => (await fetch(healthUrl)).status).toBe(503);
    await nats.restart();
    await expect.poll(async () => (await fetch(healthUrl)).status).toBe(200);
  });

  it('logs a line with its counts each interval (no secret in it)', async () => {
    await expect.poll(() => logged.filter((line) => line.msg === 'relay counts').length).toBeGreaterThan(0);
    const line = logged.find((l) => l.msg === 'relay counts');
    expect(line).toMatchObject({ received: expect.any(Number), published: expect.any(Number) });
    expect(JSON.stringify(logged)).not.toContain(TRAINING_PASSWORD);
  });
});
