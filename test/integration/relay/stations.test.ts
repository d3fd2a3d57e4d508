// Stations on the pharmacy's relay: each connects out to a real nats-server with its own credentials and durable
// consumer, stores each relayed event once in its real inbox, and gets what it missed while it was off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationConsumerName } from '../../../contract/pharmacy-link.ts';
import { PHARMACY_STREAM, serviceSubject } from '../../../contract/pharmacy-stream.ts';
import { EventInbox, openEventsDb } from '../../../main/events/index.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { seedDemoData, TRAINING_PASSWORD } from '../../../training/index.ts';
import { newOrder } from '../support/new-records.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';
import { relayStation } from './relay-station.ts';

const USERS = [
  { user: 'relay', pass: 'relay-pass-synthetic' },
  { user: 'station-a', pass: 'a-pass-synthetic' },
  { user: 'station-b', pass: 'b-pass-synthetic' },
];
let h: Harness;
let nats: NatsServer;
let relay: Relay;
let relayState: string;
const dirs: Record<string, string> = {};
const received: Record<string, StationEvent[]> = { a: [], b: [] };
const systems: Record<string, EventSystem> = {};

function station(name: 'a' | 'b', password = USERS.find((u) => u.user === `station-${name}`)?.pass ?? '') {
  const made = relayStation(nats.url, {
    id: `station-${name}`,
    password,
    ...(dirs[name] ? { dataDir: dirs[name] } : {}),
  });
  dirs[name] = made.dataDir;
  made.system.onEvent((event) => received[name]?.push(event));
  systems[name] = made.system;
  return made.system;
}

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 6, orders: 5, now: h.clock.now });
  nats = await startNatsServer(USERS);
  relayState = mkdtempSync(join(tmpdir(), 'relay-state-'));
  relay = createRelay({
    port: 0,
    stateDir: relayState,
    nats: { servers: [nats.url], user: 'relay', pass: 'relay-pass-synthetic' },
    service: { baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD },
    log: () => {},
  });
  await relay.start();
  await station('a').start();
  await station('b').start();
});
afterAll(async () => {
  for (const system of Object.values(systems)) await system.stop();
  await relay?.stop();
  await nats?.stop();
  await h?.close();
  for (const dir of [...Object.values(dirs), relayState]) rmSync(dir, { recursive: true, force: true });
});

async function newOrderId(): Promise<string> {
  const patient = (await h.api('GET', '/api/v1/patients?page_size=1')).body[0];
  const products = (await h.api('GET', '/api/v1/products')).body;
  const created = await h.api('POST', '/api/v1/orders?force_new=true', {
    body: newOrder(patient.id, { id: products.prescription[0].id }),
  });
  return created.body.id;
}

const keysOf = (name: string) => (received[name] ?? []).map((e) => e.key);

describe('stations on the relay', () => {
  it('each store a new order once, from the relay, with their own durable consumer', async () => {
    await expect.poll(() => systems.a?.relayState().state).toBe('live');
    await expect.poll(() => systems.b?.relayState().state).toBe('live');
    const id = await newOrderId();
    for (const name of ['a', 'b']) {
      await expect.poll(() => keysOf(name).filter((k) => k === `order.created:${id}`)).toHaveLength(1);
    }
    expect(received.a?.find((e) => e.subjectId === id)?.source).toBe('relay');
  });

  it('a station that was off gets what it missed, each event once', async () => {
    await systems.b?.stop();
    const missed = [await newOrderId(), await newOrderId()];
    for (const id of missed) await expect.poll(() => keysOf('a')).toContain(`order.created:${id}`);
    received.b = [];
    await station('b').start();
    await expect.poll(() => keysOf('b')).toEqual(expect.arrayContaining(missed.map((id) => `order.created:${id}`)));
    await systems.b?.stop();
    const inbox = new EventInbox(openEventsDb(dirs.b as string));
    expect(missed.every((id) => inbox.has(`order.created:${id}`))).toBe(true);
    expect(inbox.stats().events).toBe(3);
    await station('b').start();
  });

  it('a message on the stream that is not a service event is refused, not stored, and does not stop the others', async () => {
    const forger = await connect({ servers: nats.url, user: 'station-a', pass: 'a-pass-synthetic' });
    await jetstream(forger).publish(serviceSubject('order.created'), '{"key":"x","event_code":"order.created"}');
    await jetstream(forger).publish(serviceSubject('order.created'), 'not json');
    await forger.close();
    const id = await newOrderId();
    await expect.poll(() => keysOf('a')).toContain(`order.created:${id}`);
    expect(keysOf('a')).not.toContain('x');
    // Refused for good: nothing is left pending to come back at every ack wait (a term with a reason is not
    // understood by nats-server 2.9 and left the message pending).
    const watcher = await connect({ servers: nats.url, user: 'relay', pass: 'relay-pass-synthetic' });
    const jsm = await jetstreamManager(watcher);
    await expect
      .poll(async () => (await jsm.consumers.info(PHARMACY_STREAM, stationConsumerName('station-a'))).num_ack_pending)
      .toBe(0);
    await watcher.close();
  });

  it('with a wrong password the station says the relay failed and goes on without it', async () => {
    await systems.b?.stop();
    const wrong = station('b', 'wrong');
    await wrong.start();
    await expect.poll(() => wrong.relayState().state).toBe('failed');
    const state = wrong.relayState();
    expect(JSON.stringify(state)).not.toContain('wrong');
    await wrong.stop();
  });
});
