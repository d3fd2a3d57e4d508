// Over the relay, an order cancelled while claimed at a station reaches every station within seconds: the relay reads
// claimed orders by id with its own account and publishes the change; the station holding it gets the interruption.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInterruption } from '../../../main/events/index.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { seedDemoData, TRAINING_PASSWORD, transitionOrder } from '../../../training/index.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';
import { relayStation } from './relay-station.ts';

let h: Harness;
let nats: NatsServer;
let relay: Relay;
const dirs: string[] = [];
const systems: EventSystem[] = [];
const interrupted: OrderInterruption[] = [];

function station(id: string): EventSystem {
  const { system, dataDir } = relayStation(nats.url, { id });
  dirs.push(dataDir);
  systems.push(system);
  return system;
}

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 8, orders: 10, now: h.clock.now });
  nats = await startNatsServer();
  dirs.push(mkdtempSync(join(tmpdir(), 'watch-relay-')));
  relay = createRelay({
    port: 0,
    stateDir: dirs[0] as string,
    nats: { servers: [nats.url] },
    service: { baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD },
    watchIntervalMs: 100,
    log: () => {},
  });
  await relay.start();
});
afterAll(async () => {
  for (const system of systems) await system.stop();
  await relay?.stop();
  await nats?.stop();
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the relay’s watch of claimed orders', () => {
  it('publishes a cancellation of a claimed order: the station verifying it is interrupted, the other told', async () => {
    const holder = station('station-1');
    const other = station('station-2');
    holder.onInterruption((interruption) => interrupted.push(interruption));
    await holder.start();
    await other.start();
    await expect.poll(() => [holder.relayState().state, other.relayState().state]).toEqual(['live', 'live']);
    const order = (await h.api('GET', '/api/v1/orders?status=picked&page_size=1')).body[0];
    holder.watch(order.id);
    expect(await holder.shares.claim(order.id, order.order_number, 'Taylor')).toMatchObject({ ok: true });
    const seen: string[] = [];
    other.onEvent((event) => seen.push(`${event.source} ${event.eventCode} ${event.subjectId}`));
    // Let the relay read the order as it is (it reads claimed orders by id each round), then cancel it at the service.
    const gets = () => h.logged.filter((e) => e.method === 'GET' && 'status' in e).length;
    const before = gets();
    await expect.poll(() => gets() - before).toBeGreaterThan(2);
    h.service.db.transaction(() =>
      transitionOrder(h.service.db, order.id, 'cancelled', { now: h.clock.now, userId: null }),
    );
    await expect
      .poll(() => interrupted.map((i) => `${i.change} ${i.orderId} ${i.learntFrom}`))
      .toEqual([`cancelled ${order.id} relay`]);
    await expect.poll(() => seen).toContain(`relay order.cancelled ${order.id}`);
    expect(holder.changedUnderRun(order.id)).toMatchObject({ change: 'cancelled' });
  });
});
