// The relay watches a claimed order only while the record's claim lives: each heartbeat a station's verify screen
// sends is told on the stream as a claim, and 2 minutes after the last one the relay lets the order go and reads it no
// more. Real nats-server and stream, the training service read with the relay's account; the relay's clock is
// injected and moved on (no waiting for two minutes).
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LIVES_MS } from '../../../contract/pharmacy-record.ts';
import { type StationShareMessage, shareSubject } from '../../../contract/pharmacy-stream.ts';
import { createOrderWatch, type OrderWatch } from '../../../relay/order-watch.ts';
import { createServiceSession } from '../../../relay/service-account.ts';
import { ensurePharmacyStream } from '../../../relay/stream.ts';
import { seedDemoData, TRAINING_PASSWORD } from '../../../training/index.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';

let h: Harness;
let nats: NatsServer;
let nc: NatsConnection;
let watch: OrderWatch;
const clock = { now: Date.now() };
let orderId: string;
let shares = 0;

async function tellClaim(at: number): Promise<void> {
  const message: StationShareMessage = {
    id: `share-${++shares}`,
    kind: 'claimed',
    subject_id: orderId,
    order_number: null,
    station: 'Station 3',
    person: 'Taylor',
    detail: null,
    at: new Date(at).toISOString(),
  };
  await jetstream(nc).publish(shareSubject('claimed', orderId), JSON.stringify(message), { msgID: message.id });
}

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 9, orders: 5, now: h.clock.now });
  orderId = (await h.api('GET', '/api/v1/orders?page_size=1')).body[0].id;
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
  await ensurePharmacyStream(nc);
  watch = createOrderWatch({
    session: createServiceSession({ baseUrl: h.url, email: 'admin@training.local', password: TRAINING_PASSWORD }),
    publish: async () => undefined,
    now: () => clock.now,
    intervalMs: 50,
  });
  await watch.start(nc);
});

afterAll(async () => {
  watch?.stop();
  await nc?.close();
  await nats?.stop();
  await h?.close();
});

describe('the relay’s watch of a claimed order', () => {
  it('reads the order while heartbeats keep the claim alive', async () => {
    const claimedAt = clock.now;
    await tellClaim(claimedAt);
    await expect.poll(() => watch.watching()).toEqual([orderId]);
    await expect.poll(() => watch.reads()).toBeGreaterThan(0);
    // A heartbeat 90 s on; 150 s after the claim the watch holds, the heartbeat being 60 s old.
    clock.now = claimedAt + 90_000;
    await tellClaim(clock.now);
    clock.now = claimedAt + 150_000;
    const reads = watch.reads();
    await expect.poll(() => watch.reads()).toBeGreaterThan(reads);
    expect(watch.watching()).toEqual([orderId]);
  });

  it('lets the order go 2 minutes after the last heartbeat: it is no longer among the orders read', async () => {
    clock.now += CLAIM_LIVES_MS;
    await expect.poll(() => watch.watching()).toEqual([]);
  });

  it('follows it again when a station claims it anew', async () => {
    await tellClaim(clock.now);
    await expect.poll(() => watch.watching()).toEqual([orderId]);
  });
});
