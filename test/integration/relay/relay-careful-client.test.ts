// The relay as a careful client: its service account talks only https (http only on this computer) and reads an answer
// only up to a cap, like the station's client; and the orders it watches stay a bounded list however many are claimed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareSubject } from '../../../contract/pharmacy-stream.ts';
import { createOrderWatch } from '../../../relay/order-watch.ts';
import { createServiceSession, RELAY_ANSWER_LIMIT_BYTES } from '../../../relay/service-account.ts';
import { ensurePharmacyStream } from '../../../relay/stream.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';

let nats: NatsServer;
let nc: NatsConnection;
let service: Server;
let serviceUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
  await ensurePharmacyStream(nc);
  // A service that answers far more than the relay reads (streamed, no length declared).
  service = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = `"${'x'.repeat(64 * 1024)}",`;
    res.write('[');
    for (let i = 0; i * chunk.length <= RELAY_ANSWER_LIMIT_BYTES; i++) res.write(chunk);
    res.end('"end"]');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  await new Promise<void>((resolve) => service.close(() => resolve()));
});

describe("the relay's own service client", () => {
  it('will not send the account over http:// to another computer', async () => {
    const session = createServiceSession({ baseUrl: 'http://service.example', email: 'a@b.c', password: 'pw' });
    await expect(session.get('order read', '/api/v1/orders/1')).rejects.toThrow(/must be an https:\/\/ URL/);
  });

  it('stops reading an answer past its cap, naming the step', async () => {
    const session = createServiceSession({ baseUrl: serviceUrl, email: 'a@b.c', password: 'pw' });
    await expect(session.get('order read', '/api/v1/orders/1')).rejects.toThrow(
      `the service's answer to the relay's sign-in passed ${RELAY_ANSWER_LIMIT_BYTES} bytes`,
    );
    expect(asked).toEqual(['POST /api/v1/auth/login']);
  });
});

describe("the relay's watch of claimed orders", () => {
  it('follows at most its limit of claimed orders, letting the oldest claims go first', async () => {
    const watch = createOrderWatch({
      session: createServiceSession({ baseUrl: serviceUrl, email: 'a@b.c', password: 'pw' }),
      publish: async () => undefined,
      // No round runs in this test: only the list is looked at.
      intervalMs: 60 * 60 * 1000,
      maxWatched: 3,
    });
    await watch.start(nc);
    const js = jetstream(nc);
    for (let i = 1; i <= 6; i++) {
      const at = new Date(Date.UTC(2026, 0, 5, 10, i)).toISOString();
      const claim = {
        id: `c${i}`,
        kind: 'claimed',
        subject_id: `o${i}`,
        order_number: null,
        station: 'S',
        person: 'T',
        detail: null,
        at,
      };
      await js.publish(shareSubject('claimed', `o${i}`), JSON.stringify(claim));
    }
    await expect.poll(() => watch.watching()).toContain('o6');
    expect(watch.watching().sort()).toEqual(['o4', 'o5', 'o6']);
    watch.stop();
  });
});
