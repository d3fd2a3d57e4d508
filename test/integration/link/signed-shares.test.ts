// A station's shares on the pharmacy's stream (a claim, a release, a verification) are believed for the signature of
// a key the pharmacy enrolled under the name they give, never for the NATS login that published them: on the link
// `relay -- init` wrote, with TLS, Mallory holds Station A's own login but a key nobody enrolled. Her claim, an
// unsigned verification, a release signed in Carol's name with her own key, Carol's real signature over another share,
// Carol's signed share copied onto another order's subject, and Carol's real claims put on the stream again (30 minutes
// after she signed one, or under another message id) are neither shown nor obeyed by Bob; Carol's own are.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StationShareMessage, shareSubject } from '../../../contract/pharmacy-stream.ts';
import { newStationSeed, type StationKey, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { SIGNATURE_HEADER, signedHeaders } from '../../../kits/signed-facts/signed-messages.ts';
import { createPharmacyShares, type PharmacyShares } from '../../../main/events/pharmacy-shares.ts';
import { isEnrolled, stationMessageTrust } from '../../../main/events/record/enrolment-trust.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createRelayConsumer, type RelayConsumer } from '../../../main/events/relay-consumer.ts';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from '../../../relay/link/enrol.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
let dir: string;
let view: RecordView;
let record: PharmacyRecord;
let consumer: RelayConsumer;
let bobShares: PharmacyShares;
const connections: NatsConnection[] = [];
const heard: StationShareMessage[] = [];
const strangers: { signer: string | null; name: string }[] = [];
const newKey = () => stationKeyFromSeed(newStationSeed());
const bobKey = newKey();
const carolKey = newKey();
const malloryKey = newKey();

const connect = async (login: string) => {
  const nc = await link.connectAs(login);
  connections.push(nc);
  return nc;
};

/** A station's shares as its main makes them: its login's connection, its name, its record key. */
const sharesOf = (nc: NatsConnection, station: string, key: StationKey) =>
  createPharmacyShares({ connection: () => nc, station, key: async () => key });

const share = (kind: StationShareMessage['kind'], orderId: string, station: string): StationShareMessage => ({
  id: `${station}-${kind}-${orderId}`,
  kind,
  subject_id: orderId,
  order_number: `N-${orderId}`,
  station,
  person: 'Parker Pharmacist',
  detail: null,
  at: new Date().toISOString(),
});

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b', 'station-c'] });
  const admin = await connect('admin');
  for (const [name, key] of [
    ['Station B', bobKey],
    ['Station C', carolKey],
  ] as const) {
    await publishEnrolment(admin, enrolmentOf(pharmacySeedIn(link.dir), { name, key: key.publicKey }, 'IT'));
  }
  dir = mkdtempSync(join(tmpdir(), 'signed-shares-'));
  view = RecordView.inFolder(dir);
  const pharmacyKey = link.manifest.pharmacyPublicKey;
  record = createNatsRecord({
    view,
    stationName: 'Station B',
    key: bobKey,
    connect: () => link.connectAs('station-b'),
    createIfMissing: false,
    pharmacyKey,
  });
  const trust = stationMessageTrust({
    view,
    pharmacyKey,
    ownKey: bobKey.publicKey,
    ready: () => record.status().state === 'reachable',
    onStranger: (signer, name) => strangers.push({ signer, name }),
  });
  const bobNc = await connect('station-b');
  bobShares = createPharmacyShares({ connection: () => bobNc, station: 'Station B', key: async () => bobKey, trust });
  consumer = createRelayConsumer({
    access: {
      servers: link.manifest.servers,
      stationId: 'station-b',
      user: 'station-b',
      password: async () => readFileSync(seedFile(link.dir, 'station-b', 'station'), 'utf8'),
      tlsCa: readFileSync(link.caFile, 'utf8'),
    },
    sink: { accept: async (events) => events.map(() => true) },
    onShare: (message) => {
      heard.push(message);
      bobShares.learn(message);
    },
    believeStation: trust,
    retryMs: 50,
  });
});
afterAll(async () => {
  await consumer?.stop();
  await record?.close();
  for (const nc of connections) await nc.close();
  await link?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a share is believed for an enrolled key’s signature only, never for the login that sent it', () => {
  it('a claim, a release and a verification by a station not enrolled are neither shown nor obeyed, and raise the alarm', async () => {
    const asA = await connect('station-a');
    const js = jetstream(asA);
    // Mallory, on Station A's own login, signs with a key nobody enrolled.
    const mallory = sharesOf(asA, 'Station 5', malloryKey);
    expect(await mallory.claim('o-claimed', 'N-o-claimed', 'Parker Pharmacist')).toMatchObject({ ok: true });
    // Unsigned, in Carol's name.
    await js.publish(
      shareSubject('verified', 'o-verified'),
      JSON.stringify(share('verified', 'o-verified', 'Station C')),
    );
    // Signed with Mallory's key but naming Carol's key as the signer.
    const released = JSON.stringify(share('released', 'o-released', 'Station C'));
    const forged = signedHeaders(released, malloryKey);
    forged.set('Pharmacy-Signer', carolKey.publicKey);
    await js.publish(shareSubject('released', 'o-released'), released, { headers: forged });
    // Carol's real signature, over another share, put on this one.
    const other = signedHeaders(JSON.stringify(share('verified', 'o-elsewhere', 'Station C')), carolKey);
    const stopped = JSON.stringify(share('stop_raised', 'o-stopped', 'Station C'));
    const copied = signedHeaders(stopped, carolKey);
    copied.set(SIGNATURE_HEADER, other.get(SIGNATURE_HEADER));
    await js.publish(shareSubject('stop_raised', 'o-stopped'), stopped, { headers: copied });
    // Carol's signed verification of one order, kept on another order's subject.
    const moved = JSON.stringify(share('verified', 'o-real', 'Station C'));
    await js.publish(shareSubject('verified', 'o-moved'), moved, { headers: signedHeaders(moved, carolKey) });
    // Carol's real claim, signed 30 minutes ago and put on the stream only now: past JetStream's duplicate window.
    const stale = { ...share('claimed', 'o-stale', 'Station C'), at: new Date(Date.now() - 30 * 60_000).toISOString() };
    const staleBody = JSON.stringify(stale);
    const staleHeaders = signedHeaders(staleBody, carolKey);
    await js.publish(shareSubject('claimed', 'o-stale'), staleBody, { msgID: stale.id, headers: staleHeaders });
    // Carol's real claim as she sent it, then the same message again under another message id (a replay).
    const claimBody = JSON.stringify(share('claimed', 'o-again', 'Station C'));
    const asC = await connect('station-c');
    const again = { headers: signedHeaders(claimBody, carolKey) };
    await jetstream(asC).publish(shareSubject('claimed', 'o-again'), claimBody, {
      ...again,
      msgID: 'Station C-claimed-o-again',
    });
    await js.publish(shareSubject('claimed', 'o-again'), claimBody, { ...again, msgID: 'replayed-1' });
    // Carol's own share, last: once Bob shows it, he has decided everything before it.
    await sharesOf(await connect('station-c'), 'Station C', carolKey).announce(
      'verified',
      'o-real',
      'N-o-real',
      'Carol',
    );

    await expect.poll(() => isEnrolled(view, carolKey.publicKey, 'Station C')).toBe(true);
    consumer.start();
    await expect
      .poll(() => heard.map((m) => `${m.station} ${m.kind} ${m.subject_id}`))
      .toEqual(['Station C claimed o-again', 'Station C verified o-real']);
    for (const order of ['o-claimed', 'o-verified', 'o-released', 'o-stopped', 'o-moved', 'o-stale']) {
      expect(bobShares.state(order)).toEqual({ claim: null, verified: null, stop: null, reviewed: null });
    }
    expect(bobShares.heldElsewhere('o-claimed')).toBeNull();
    expect(strangers).toContainEqual({ signer: malloryKey.publicKey, name: 'Station 5' });
    expect(strangers).toContainEqual({ signer: null, name: 'Station C' });

    // Bob obeys none of it: Mallory's claim, the last message on its order's subject, holds nothing against his.
    expect(await bobShares.claim('o-claimed', 'N-o-claimed', 'Bob')).toEqual({ ok: true, shared: true });
    // Carol's real claim does hold the order against him.
    await sharesOf(await connect('station-c'), 'Station C', carolKey).claim('o-carol', 'N-o-carol', 'Carol');
    expect(await bobShares.claim('o-carol', 'N-o-carol', 'Bob')).toMatchObject({
      ok: false,
      heldBy: { station: 'Station C' },
    });
  });
});
