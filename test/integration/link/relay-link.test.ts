// The relay and two stations on the link `relay -- init` wrote, each with its own key over TLS: the relay's watch of
// a claimed order still tells the station verifying it of a cancellation, and the relay keeps its stream — deleted,
// `/health` says so (503) and the relay makes it again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHARMACY_STREAM, serviceSubject } from '../../../contract/pharmacy-stream.ts';
import { messageSignatureHolds, SIGNATURE_HEADER, SIGNER_HEADER } from '../../../kits/signed-facts/signed-messages.ts';
import type { OrderInterruption } from '../../../main/events/index.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { createStreamKeeper } from '../../../relay/stream-keeper.ts';
import { seedDemoData, TRAINING_PASSWORD, transitionOrder } from '../../../training/index.ts';
import { relayStation } from '../relay/relay-station.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type Link, startLink } from './link-harness.ts';

let h: Harness;
let link: Link;
let relay: Relay;
let relayPort: number;
const dirs: string[] = [];
const systems: EventSystem[] = [];

function station(id: string): EventSystem {
  const password = readFileSync(seedFile(link.dir, id, 'station'), 'utf8');
  const tlsCa = readFileSync(link.caFile, 'utf8');
  const { system, dataDir } = relayStation(link.manifest.servers[0] as string, { id, password, tlsCa });
  dirs.push(dataDir);
  systems.push(system);
  return system;
}

const health = async () => {
  const answer = await fetch(`http://127.0.0.1:${relayPort}/health`);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 8, orders: 10, now: h.clock.now });
  link = await startLink({ stations: ['station-1', 'station-2'] });
  dirs.push(mkdtempSync(join(tmpdir(), 'link-relay-')));
  relay = createRelay({
    port: 0,
    stateDir: dirs[0] as string,
    nats: { servers: link.manifest.servers, seedFile: seedFile(link.dir, 'relay', 'relay'), caFile: link.caFile },
    service: { baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD },
    watchIntervalMs: 100,
    // Asked only at /health here, so the test sees the stream missing before the relay makes it again.
    streamCheckMs: 60 * 60 * 1000,
    log: () => {},
  });
  relayPort = (await relay.start()).port;
});
afterAll(async () => {
  for (const system of systems) await system.stop();
  await relay?.stop();
  await link?.close();
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the relay and the stations on the link IT set up', () => {
  it('a cancellation of a claimed order reaches the station verifying it, every client on its own key', async () => {
    const interrupted: OrderInterruption[] = [];
    const holder = station('station-1');
    const other = station('station-2');
    holder.onInterruption((interruption) => interrupted.push(interruption));
    await holder.start();
    await other.start();
    await expect.poll(() => [holder.relayState().state, other.relayState().state]).toEqual(['live', 'live']);
    const order = (await h.api('GET', '/api/v1/orders?status=picked&page_size=1')).body[0];
    holder.watch(order.id);
    expect(await holder.shares.claim(order.id, order.order_number, 'Taylor')).toMatchObject({ ok: true });
    const gets = () => h.logged.filter((e) => e.method === 'GET' && 'status' in e).length;
    const before = gets();
    await expect.poll(() => gets() - before).toBeGreaterThan(2);
    h.service.db.transaction(() =>
      transitionOrder(h.service.db, order.id, 'cancelled', { now: h.clock.now, userId: null }),
    );
    await expect
      .poll(() => interrupted.map((i) => `${i.change} ${i.orderId} ${i.learntFrom}`))
      .toEqual([`cancelled ${order.id} relay`]);
    expect((await health()).status).toBe(200);
    // Stored signed by the relay's own key (relay.nk), over the exact body: what stations believe it for.
    const admin = await link.connectAs('admin');
    const stored = await (await jetstreamManager(admin)).streams.getMessage(PHARMACY_STREAM, {
      last_by_subj: serviceSubject('order.cancelled'),
    });
    await admin.close();
    const signer = stored?.header.get(SIGNER_HEADER) ?? '';
    expect(signer).toBe(link.manifest.relay.publicKey);
    expect(
      messageSignatureHolds(stored?.data ?? new Uint8Array(), signer, stored?.header.get(SIGNATURE_HEADER) ?? ''),
    ).toBe(true);
  });

  it('says it is not healthy when its stream is deleted, and makes the stream again', async () => {
    const admin = await link.connectAs('admin');
    const jsm = await jetstreamManager(admin);
    await jsm.streams.delete(PHARMACY_STREAM);
    const missing = await health();
    expect(missing).toMatchObject({ status: 503, body: { status: 'degraded', stream: 'missing' } });
    await expect
      .poll(async () => (await health()).body)
      .toMatchObject({ status: 'ok', stream: 'present', stream_recreated: 1 });
    const made = await jsm.streams.info(PHARMACY_STREAM);
    expect(made.config).toMatchObject({
      deny_delete: true,
      deny_purge: true,
      allow_rollup_hdrs: false,
      discard: 'new',
    });
    await admin.close();
  });

  it('checks that find the stream missing at once join one making again, counted once', async () => {
    const admin = await link.connectAs('admin');
    const jsm = await jetstreamManager(admin);
    await jsm.streams.delete(PHARMACY_STREAM);
    const lines: Record<string, unknown>[] = [];
    const keeper = createStreamKeeper(
      () => admin,
      60_000,
      (line) => lines.push(line),
    );
    expect(await Promise.all([keeper.check(), keeper.check(), keeper.check()])).toEqual([
      'missing',
      'missing',
      'missing',
    ]);
    await expect.poll(() => keeper.presence()).toBe('present');
    expect(await keeper.check()).toBe('present');
    expect(keeper.recreated()).toBe(1);
    expect(lines.filter((line) => line.msg === 'stream made again')).toHaveLength(1);
    await admin.close();
  });
});
