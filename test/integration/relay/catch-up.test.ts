// The relay catches up after its outage: orders created while it was down, whose webhook deliveries the service gave
// up on after all 8 attempts, reach every station once it is back (asked of the service since its last published
// event), and an order already told is not told twice; the same after nats-server's outage. Real training service (its retry waits divided by 20,000),
// nats-server, the relay stopped and started again on the same state folder and port, two stations' event systems.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSystem } from '../../../main/events/system.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { TRAINING_PASSWORD } from '../../../training/index.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { orderMaker } from '../training/notifications-support.ts';
import { freePort, type NatsServer, startNatsServer } from './nats-server.ts';
import { relayStation } from './relay-station.ts';

let h: Harness;
let nats: NatsServer;
let relay: Relay | null = null;
let port: number;
let createOrder: Awaited<ReturnType<typeof orderMaker>>;
const stateDir = mkdtempSync(join(tmpdir(), 'catch-up-relay-'));
const dirs: string[] = [stateDir];
const systems: EventSystem[] = [];
const seen = new Map<string, StationEvent[]>();

function startRelay(): Promise<unknown> {
  relay = createRelay({
    port,
    stateDir,
    nats: { servers: [nats.url] },
    service: { baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD },
    log: () => {},
  });
  return relay.start();
}

const createdAt = (station: string) =>
  (seen.get(station) ?? []).filter((event) => event.eventCode === 'order.created').map((event) => event.subjectId);

const deliveriesOf = (orderId: string) =>
  h.service.db.all<{ status: string; attempts: number }>(
    `SELECT d.status, d.attempts FROM webhook_deliveries d JOIN notification_events e ON e.id = d.event_id
      WHERE e.event_code = 'order.created' AND json_extract(e.data, '$.id') = ?`,
    orderId,
  );

beforeAll(async () => {
  h = await startHarness({ deliveryTimeScale: 20_000, deliveryTimeoutMs: 500 });
  createOrder = await orderMaker(h);
  nats = await startNatsServer();
  port = await freePort();
  await startRelay();
  for (const id of ['station-1', 'station-2']) {
    const { system, dataDir } = relayStation(nats.url, { id });
    dirs.push(dataDir);
    systems.push(system);
    seen.set(id, []);
    system.onEvent((event) => seen.get(id)?.push(event));
    await system.start();
  }
}, 60_000);

afterAll(async () => {
  for (const system of systems) await system.stop();
  await relay?.stop();
  await nats?.stop();
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the relay after an outage longer than the service’s delivery attempts', () => {
  it('brings every station the orders created while it was down, each once', async () => {
    await expect.poll(() => systems.map((system) => system.relayState().state)).toEqual(['live', 'live']);
    const before = await createOrder();
    await expect.poll(() => [createdAt('station-1'), createdAt('station-2')]).toEqual([[before.id], [before.id]]);

    await relay?.stop();
    const missed = [await createOrder(), await createOrder(), await createOrder()];
    // The service gave up on each: 8 attempts, all refused, the delivery failed for good.
    for (const order of missed) {
      await expect.poll(() => deliveriesOf(order.id), { timeout: 30_000 }).toEqual([{ status: 'failed', attempts: 8 }]);
    }

    await startRelay();
    const all = [before.id, ...missed.map((order) => order.id)];
    for (const station of ['station-1', 'station-2']) {
      await expect.poll(() => [...createdAt(station)].sort()).toEqual([...all].sort());
    }
  }, 90_000);

  it('brings them the orders created while nats-server was down, once it is back', async () => {
    const told = createdAt('station-1').length;
    await nats.kill();
    const missed = [await createOrder(), await createOrder()];
    for (const order of missed) {
      await expect.poll(() => deliveriesOf(order.id), { timeout: 30_000 }).toEqual([{ status: 'failed', attempts: 8 }]);
    }
    await nats.restart();
    for (const station of ['station-1', 'station-2']) {
      await expect
        .poll(() => createdAt(station), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(missed.map((o) => o.id)));
      expect(createdAt(station)).toHaveLength(told + missed.length);
    }
  }, 90_000);
});
