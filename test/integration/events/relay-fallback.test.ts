// With nats-server killed, a station on the pharmacy's relay says so and polls the service at once (not at the poller's
// next tick), then goes back to the relay when nats-server returns. Real nats-server, the relay, the training service
// behind a counting proxy; the poller's own interval is an hour, so a read after the kill can only be the fallback's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsStateView } from '../../../contract/ipc/events.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { seedDemoData } from '../../../training/index.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { startRelayedStation } from './relayed-station.ts';

let h: Harness;
let proxy: CountingProxy;
let nats: NatsServer;
let relay: Relay;
let system: EventSystem;
let dir: string;
let view: EventsStateView;

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 7, orders: 10, now: h.clock.now });
  proxy = await startCountingProxy(h.url);
  nats = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'relay-fallback-'));
  mkdirSync(join(dir, 'station'));
  relay = createRelay({
    port: 0,
    stateDir: join(dir, 'relay'),
    nats: { servers: [nats.url] },
    service: null,
    log: () => {},
  });
  await relay.start();
  system = await startRelayedStation({
    serviceUrl: proxy.url,
    adminToken: h.tokens.admin,
    dataDir: join(dir, 'station'),
    natsUrl: nats.url,
    onView: (next) => {
      view = next;
    },
  });
}, 60_000);

afterAll(async () => {
  await system?.stop();
  await relay?.stop();
  await nats?.stop();
  await proxy?.close();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a station on the relay when nats-server goes away', () => {
  it('says events come through the relay while it is live', async () => {
    await expect.poll(() => system.relayState().state).toBe('live');
    expect(view).toMatchObject({ mode: 'pushed', path: 'relay' });
  });

  it('says it is polling once nats-server is killed, and reads the service at once', async () => {
    // The poller's first look is done; what follows the kill is the fallback's read.
    await expect.poll(() => proxy.inFlight()).toBe(0);
    proxy.reset();
    await nats.kill();
    await expect.poll(() => system.relayState().state).toBe('failed');
    expect(view).toMatchObject({ mode: 'polling', path: 'polling', reason: 'relay_unreachable' });
    await expect.poll(() => proxy.reads()).toContain('GET /api/v1/orders');
  });

  it('goes back to the relay when nats-server returns', async () => {
    await nats.restart();
    await expect.poll(() => system.relayState().state, { timeout: 30_000 }).toBe('live');
    expect(view).toMatchObject({ mode: 'pushed', path: 'relay' });
  }, 40_000);
});
