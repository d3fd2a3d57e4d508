// The relay follows a station's claim (reads the claimed order every few seconds for a cancellation) only for the
// signature of a key the pharmacy enrolled under the name the claim gives, read from the record with the relay's own
// login on the link `relay -- init` wrote, over TLS. Claims from Station A's login with a key nobody enrolled, unsigned,
// or with an enrolled key's signature over another claim cost the relay no read; an enrolled station's claim, even one
// enrolled after the watch started, is followed.

import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StationShareMessage, shareSubject } from '../../../contract/pharmacy-stream.ts';
import { createEnrolments } from '../../../kits/signed-facts/enrolments.ts';
import { newStationSeed, type StationKey, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { SIGNATURE_HEADER, signedHeaders } from '../../../kits/signed-facts/signed-messages.ts';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from '../../../relay/link/enrol.ts';
import { createOrderWatch, type OrderWatch } from '../../../relay/order-watch.ts';
import { createServiceSession } from '../../../relay/service-account.ts';
import { seedDemoData, TRAINING_PASSWORD } from '../../../training/index.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type Link, startLink } from './link-harness.ts';

let h: Harness;
let link: Link;
let watch: OrderWatch;
const connections: NatsConnection[] = [];
const newKey = () => stationKeyFromSeed(newStationSeed());

const connect = async (login: string) => {
  const nc = await link.connectAs(login);
  connections.push(nc);
  return nc;
};

const claim = (orderId: string, station: string): StationShareMessage => ({
  id: `${station}-${orderId}`,
  kind: 'claimed',
  subject_id: orderId,
  order_number: null,
  station,
  person: 'Taylor',
  detail: null,
  at: new Date().toISOString(),
});

/** Publishes a claim from `login`, signed by `key` (none: unsigned), its signature replaced by `signature` if given. */
async function publishClaim(login: string, message: StationShareMessage, key?: StationKey, signature?: string) {
  const body = JSON.stringify(message);
  const headers = key ? signedHeaders(body, key) : undefined;
  if (headers && signature) headers.set(SIGNATURE_HEADER, signature);
  await jetstream(await connect(login)).publish(shareSubject('claimed', message.subject_id), body, {
    msgID: message.id,
    ...(headers ? { headers } : {}),
  });
}

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 11, orders: 5, now: h.clock.now });
  link = await startLink({ stations: ['station-a', 'station-c'] });
  watch = createOrderWatch({
    session: createServiceSession({ baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD }),
    publish: async () => undefined,
    intervalMs: 50,
    enrolments: createEnrolments(link.manifest.pharmacyPublicKey),
  });
  await watch.start(await connect('relay'));
});
afterAll(async () => {
  watch?.stop();
  for (const nc of connections) await nc.close();
  await link?.close();
  await h?.close();
});

describe('the relay follows only the claims of stations the pharmacy enrolled', () => {
  it('a claim by a key nobody enrolled, an unsigned one and one with another claim’s signature cost it no read', async () => {
    const [a, b, c, d] = (await h.api('GET', '/api/v1/orders?page_size=4')).body.map((o: { id: string }) => o.id);
    const carolKey = newKey();
    await publishClaim('station-a', claim(a, 'Station 5'), newKey());
    await publishClaim('station-a', claim(b, 'Station C'));
    const elsewhere = signedHeaders(JSON.stringify(claim(d, 'Station C')), carolKey).get(SIGNATURE_HEADER);
    await publishClaim('station-a', claim(c, 'Station C'), carolKey, elsewhere);
    // Carol is enrolled only now, after the watch read the record: her claim makes it read the record again.
    const admin = await connect('admin');
    const enrolment = enrolmentOf(pharmacySeedIn(link.dir), { name: 'Station C', key: carolKey.publicKey }, 'IT');
    await publishEnrolment(admin, enrolment);
    await publishClaim('station-c', claim(d, 'Station C'), carolKey);

    await expect.poll(() => watch.watching()).toEqual([d]);
    const reads = watch.reads();
    await expect.poll(() => watch.reads()).toBeGreaterThan(reads);
    expect(watch.watching()).toEqual([d]);
  });
});
