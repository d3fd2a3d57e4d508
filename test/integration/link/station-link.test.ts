// The station's own NATS code on the link `relay -- init` wrote: it signs in with its nkey seed over TLS checked
// against the pharmacy's CA and reads the relay's events through the consumer IT made for it; a station told
// `tls://` (or whose machine policy demands TLS) refuses a server that offers no TLS, before it sends anything, and
// says which setting demanded it.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../contract/ipc/settings.ts';
import { stationConsumerName } from '../../../contract/pharmacy-link.ts';
import { PHARMACY_STREAM, shareSubject } from '../../../contract/pharmacy-stream.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { streamCheckpoint } from '../../../main/events/audit-checkpoint-reader.ts';
import { createCheckpointCourier } from '../../../main/events/audit-checkpoints.ts';
import { relayAccess } from '../../../main/events/index.ts';
import { createRelayConsumer, type RelayState } from '../../../main/events/relay-consumer.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { applyPolicy } from '../../../main/platform/policy/policy-locks.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { publishServiceEvent } from '../../../relay/stream.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
});
afterAll(async () => {
  await link?.close();
});

function stationOn(servers: string[], id: string, secret: string, tlsCa?: string) {
  const received: StationEvent[] = [];
  const states: RelayState[] = [];
  let wake = () => {};
  const consumer = createRelayConsumer({
    access: { servers, stationId: id, user: id, password: async () => secret, ...(tlsCa ? { tlsCa } : {}) },
    sink: {
      async accept(events) {
        received.push(...events);
        wake();
        return events.map(() => true);
      },
    },
    onState: (state) => {
      states.push(state);
      wake();
    },
    retryMs: 50,
  });
  /** Resolves once `done()` holds, re-checked at each event or state. */
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = () => done() && resolve();
      wake();
    });
  return { consumer, received, states, until };
}

describe("a station on the pharmacy's link", () => {
  it("signs in with its own key over TLS and reads the relay's events through the consumer IT made", async () => {
    const relay = await link.connectAs('relay');
    await publishServiceEvent(relay, {
      key: 'order.paused:o-1:event:1',
      event_code: 'order.paused',
      data: { id: 'o-1', url: '', order_number: 'ORD-1', status: 'paused', status_code: null, status_name: null },
      received_at: '2026-01-05T10:00:00.000Z',
    });
    await relay.close();
    const seed = readFileSync(seedFile(link.dir, 'station-a', 'station'), 'utf8');
    const station = stationOn(link.manifest.servers, 'station-a', seed, readFileSync(link.caFile, 'utf8'));
    station.consumer.start();
    await station.until(() => station.received.length === 1);
    expect(station.received[0]).toMatchObject({ key: 'order.paused:o-1:event:1', source: 'relay' });
    expect(station.consumer.state().state).toBe('live');
    // What it shares goes onto the stream through the same connection.
    const nc = station.consumer.connection();
    if (!nc) throw new Error('no connection');
    const share = { id: 'share-1', kind: 'claimed', subject_id: 'o-1', order_number: 'ORD-1', station: 'Station A' };
    const claim = { ...share, person: 'Taylor', detail: null, at: '2026-01-05T10:00:01.000Z' };
    const ack = await jetstream(nc).publish(shareSubject('claimed', 'o-1'), JSON.stringify(claim));
    expect(ack.stream).toBe(PHARMACY_STREAM);
    // Its audit checkpoints go to the stream and come back by chain.
    const courier = createCheckpointCourier({ connection: () => station.consumer.connection(), station: 'Station A' });
    courier.offer(
      {
        chainId: 'chain-a',
        records: 5,
        head: 'f'.repeat(64),
        at: '2026-01-05T10:00:00.000Z',
        signature: 's',
      },
      // A chain that holds what the stream has of it (the audit log's own check, main/audit).
      () => null,
    );
    await courier.settled();
    expect(await streamCheckpoint(nc, 'chain-a')).toMatchObject({
      chainId: 'chain-a',
      records: 5,
      station: 'Station A',
    });
    // Everything it read is acknowledged (nothing waits to come again).
    const admin = await link.connectAs('admin');
    const jsm = await jetstreamManager(admin);
    await expect
      .poll(async () => (await jsm.consumers.info(PHARMACY_STREAM, stationConsumerName('station-a'))).num_ack_pending)
      .toBe(0);
    await admin.close();
    await station.consumer.stop();
  });

  it('refuses a server that offers no TLS when its servers say tls://, before sending its secret, naming the setting', async () => {
    const heard: Buffer[] = [];
    const fake: Server = createServer((socket) => {
      socket.on('data', (chunk) => heard.push(chunk));
      socket.write(
        'INFO {"server_id":"FAKE","version":"2.9.10","proto":1,"max_payload":1048576,"auth_required":true}\r\n',
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as { port: number }).port;
    const station = stationOn([`tls://127.0.0.1:${port}`], 'station-b', 'the-relay-password');
    station.consumer.start();
    await station.until(() => station.states.some((s) => s.state === 'failed'));
    const failed = station.consumer.state();
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed.state === 'failed' && failed.message).toContain('eventsRelayServers (tls://)');
    expect(Buffer.concat(heard).toString()).not.toContain('the-relay-password');
    await station.consumer.stop();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("refuses a plaintext server when the machine policy demands TLS, whatever the URL says, naming the policy's setting", async () => {
    const heard: Buffer[] = [];
    const fake: Server = createServer((socket) => {
      socket.on('data', (chunk) => heard.push(chunk));
      socket.write('INFO {"server_id":"FAKE","version":"2.9.10","proto":1,"max_payload":1048576,"nonce":"n1"}\r\n');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const servers = `nats://127.0.0.1:${(fake.address() as { port: number }).port}`;
    const loaded = {
      file: 'policy.json',
      policy: { eventsRelayServers: servers, eventsRelayTlsRequired: true },
      ignoredFields: [],
    };
    const key = stationKeyFromSeed(newStationSeed());
    const access = relayAccess(applyPolicy(defaultSettings, loaded), () => createMemorySecretStore(), {
      ...loaded,
      record: Promise.resolve({ key }),
    });
    if (!access) throw new Error('the policy set no relay up');
    const states: RelayState[] = [];
    const consumer = createRelayConsumer({
      access,
      sink: { accept: async (events) => events.map(() => true) },
      onState: (state) => states.push(state),
      retryMs: 50,
    });
    consumer.start();
    await expect.poll(() => states.some((s) => s.state === 'failed')).toBe(true);
    const failed = consumer.state();
    expect(failed.state === 'failed' && failed.message).toContain('eventsRelayTlsRequired (the machine policy)');
    expect(Buffer.concat(heard).toString()).not.toContain('CONNECT');
    await consumer.stop();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });
});
