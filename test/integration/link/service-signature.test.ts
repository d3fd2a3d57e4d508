// A service event is believed for the signature of the relay the pharmacy enrolled (`relay -- enrol --relay`), never
// for the subject it came on or its body: on the link `relay -- init` wrote, a station reads the relay's signed event
// and ignores, with an alarm, an unsigned "order paused", one signed by a station's key, and one whose signature is
// another event's.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceEventMessage, serviceSubject } from '../../../contract/pharmacy-stream.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { SIGNATURE_HEADER, SIGNER_HEADER, signMessage } from '../../../kits/signed-facts/signed-messages.ts';
import { isEnrolledRelay, serviceEventTrust } from '../../../main/events/record/enrolment-trust.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createRelayConsumer, type RelayConsumer } from '../../../main/events/relay-consumer.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { publishServiceEvent } from '../../../relay/stream.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
let dir: string;
let view: RecordView;
let record: PharmacyRecord;
let consumer: RelayConsumer;
let admin: NatsConnection;
const received: StationEvent[] = [];
const forged: (string | null)[] = [];

const paused = (key: string): ServiceEventMessage => ({
  key,
  event_code: 'order.paused',
  data: { id: 'o-9', url: '', order_number: 'ORD-9', status: 'paused', status_code: null, status_name: null },
  received_at: '2026-01-05T10:00:00.000Z',
});

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
  const cli = resolve(import.meta.dirname, '../../../relay/cli.ts');
  execFileSync(process.execPath, [cli, 'enrol', '--relay', '--dir', link.dir], { stdio: 'ignore' });
  dir = mkdtempSync(join(tmpdir(), 'service-signature-'));
  view = RecordView.inFolder(dir);
  const pharmacyKey = link.manifest.pharmacyPublicKey;
  record = createNatsRecord({
    view,
    stationName: 'Station B',
    key: stationKeyFromSeed(newStationSeed()),
    connect: () => link.connectAs('station-b'),
    createIfMissing: false,
    pharmacyKey,
  });
  const ready = () => record.status().state === 'reachable';
  consumer = createRelayConsumer({
    access: {
      servers: link.manifest.servers,
      stationId: 'station-b',
      user: 'station-b',
      password: async () => readFileSync(seedFile(link.dir, 'station-b', 'station'), 'utf8'),
      tlsCa: readFileSync(link.caFile, 'utf8'),
    },
    sink: {
      async accept(events) {
        received.push(...events);
        return events.map(() => true);
      },
    },
    believeService: serviceEventTrust({ view, pharmacyKey, ready, onForged: (signer) => forged.push(signer) }),
    retryMs: 50,
  });
  admin = await link.connectAs('admin');
});
afterAll(async () => {
  await consumer?.stop();
  await record?.close();
  await admin?.close();
  await link?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a service event is believed for the enrolled relay's signature only", () => {
  it('an "order paused" the relay did not sign stops nothing and raises the alarm; the relay\'s own is read', async () => {
    const js = jetstream(admin);
    const subject = serviceSubject('order.paused');
    // On the service subject, with a body as the relay writes it: unsigned.
    await js.publish(subject, JSON.stringify(paused('forged-unsigned')));
    // Signed by a station's key (enrolled or not, it is no relay).
    const stationKey = stationKeyFromSeed(newStationSeed());
    const body = JSON.stringify(paused('forged-by-station'));
    const bySigned = signMessage(body, stationKey);
    const h = headers();
    h.set(SIGNER_HEADER, bySigned.signer);
    h.set(SIGNATURE_HEADER, bySigned.signature);
    await js.publish(subject, body, { headers: h });
    // The relay's real signature of another event, copied onto this one.
    const relayKey = stationKeyFromSeed(readFileSync(seedFile(link.dir, 'relay', 'relay'), 'utf8').trim());
    const copied = signMessage(JSON.stringify(paused('real-elsewhere')), relayKey);
    const h2 = headers();
    h2.set(SIGNER_HEADER, copied.signer);
    h2.set(SIGNATURE_HEADER, copied.signature);
    await js.publish(subject, JSON.stringify(paused('forged-copied')), { headers: h2 });
    // The relay's own, last: once it is read, everything before it was decided.
    const relay = await link.connectAs('relay');
    await publishServiceEvent(relay, paused('real'), relayKey);
    await relay.close();

    // The record holds the relay's enrolment before any event is read.
    await expect.poll(() => isEnrolledRelay(view, link.manifest.relay.publicKey)).toBe(true);
    await expect.poll(() => record.status().state).toBe('reachable');
    consumer.start();
    await expect.poll(() => received.map((e) => e.key)).toEqual(['real']);
    expect(forged).toEqual([null, stationKey.publicKey, relayKey.publicKey]);
  });
});
