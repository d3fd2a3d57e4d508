// An idle signed-in station costs the service at most 60 requests an hour, every source counted: the poller, the
// connectivity probe, token renewals, the webhook subscription's upkeep. A real station on its home screen (no screen
// refresh runs there), the training service in this process behind a counting proxy, and one hour of idle time on
// main's injected clock (the poller's timer, connectivity's, the session's and the service's time), moved a second at a
// time, for each way events reach it: the pharmacy's relay (a real nats-server and relay on real time, so their
// heartbeats keep the relay live), the service's webhook, and polling alone (the listener's port taken). The count is
// of requests, never of time taken.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { createTrainingService, seedDemoData, type TrainingService } from '../../../training/index.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import { type ManualClock, manualClock } from '../../unit/station/manual-clock.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type Path = 'relay' | 'webhook' | 'polling';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Real I/O turns until nothing is on its way to the service (the manual clock moves only when told). */
async function settle(proxy: CountingProxy): Promise<void> {
  for (let turn = 0; turn < 20 || proxy.inFlight() > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (turn > 5_000) break;
  }
}

async function pathOf(rig: StationRig): Promise<string | null> {
  const answer = (await rig.station.invoke('connectivity:state', undefined)) as { value: { events: { path: string } } };
  return answer.value.events.path;
}

/** A port something else holds, so the station's webhook listener cannot start (it then polls). */
async function takenPort(): Promise<number> {
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  const address = holder.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function relaySettings(): Promise<Record<string, unknown>> {
  const nats: NatsServer = await startNatsServer();
  cleanups.push(() => nats.stop());
  const dir = mkdtempSync(join(tmpdir(), 'idle-relay-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const relay: Relay = createRelay({
    port: 0,
    stateDir: dir,
    nats: { servers: [nats.url] },
    service: null,
    log: () => {},
  });
  await relay.start();
  cleanups.push(() => relay.stop());
  return { eventsRelayServers: nats.url, eventsRelayStation: 'station-1', eventsRelayName: 'Station 1' };
}

/** Signs a technician in on a station that hears events by `path`, then counts an idle hour's requests. */
async function idleHour(path: Path): Promise<string[]> {
  const clock: ManualClock = manualClock(Date.now());
  const service: TrainingService = await createTrainingService({
    db: ':memory:',
    log: () => {},
    clock: () => new Date(clock.now()),
  });
  cleanups.push(() => service.close());
  seedDemoData(service.db, { seed: 34, orders: 40, now: new Date(clock.now()) });
  const proxy = await startCountingProxy(await service.listen(0));
  cleanups.push(() => proxy.close());
  const settings = path === 'relay' ? await relaySettings() : {};
  const rig = await startStationRig(
    {
      clock,
      startTraining: async () => ({ url: proxy.url, stop: async () => {} }),
      ...(path === 'polling' ? { listenerPort: await takenPort() } : {}),
    },
    { settings },
  );
  cleanups.push(() => rig.close());
  const signedIn = await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  await expect.poll(() => pathOf(rig)).toBe(path);
  // Ten minutes in, the sign-in's own requests are done; the hour then holds the token's renewal (due 55 minutes after
  // the sign-in, made with the first request after that: the poller's page, every 16 minutes when quiet).
  for (let second = 0; second < (10 * MINUTE) / 1_000; second++) {
    await clock.advance(1_000);
    await settle(proxy);
  }
  proxy.reset();
  for (let second = 0; second < HOUR / 1_000; second++) {
    await clock.advance(1_000);
    await settle(proxy);
  }
  expect(await pathOf(rig), 'the way events came stayed the same all hour').toBe(path);
  return proxy.requests();
}

function bySource(requests: readonly string[]): string {
  return Object.entries(Object.groupBy(requests, (request) => request))
    .map(([request, times]) => `${request} ×${times?.length}`)
    .join(', ');
}

describe('an idle signed-in station, every request to the service counted for an hour', () => {
  it.each<[Path, string]>([
    ['relay', 'the pharmacy’s relay'],
    ['webhook', 'the service’s webhook'],
    ['polling', 'polling alone, with no relay and no webhook'],
  ])(
    'hearing events through %s (%s) costs at most 60 requests',
    async (path) => {
      const requests = await idleHour(path);
      const sources = bySource(requests);
      console.info(`idle station-hour, ${path}: ${requests.length} requests (${sources})`);
      // The token's renewal is in the hour: an hour that asked nothing would prove nothing.
      expect(requests.filter((request) => /refresh/.test(request)).length, sources).toBeGreaterThanOrEqual(1);
      expect(requests.length, sources).toBeLessThanOrEqual(60);
      if (path !== 'polling') expect(requests.length, `the poller is a safety net: ${sources}`).toBeLessThanOrEqual(12);
    },
    180_000,
  );
});
