// Test support for notifications: a service started with delivery options, a real webhook receiver on 127.0.0.1, waiting.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '../../../contract/service/notification-deliveries.ts';
import { createProduct } from '../../../training/domains/products/products-repository.ts';
import type { TrainingServiceOptions } from '../../../training/training-service.ts';
import { type Harness, startHarness } from './harness.ts';

/** The harness with the delivery options (time scale, receiver time limit, mailbox, SMTP) the tests need. */
export function startServiceWith(options: Partial<TrainingServiceOptions> = {}): Promise<Harness> {
  return startHarness(options);
}

export interface Received {
  /** performance.now() when the request's body had arrived. */
  at: number;
  headers: IncomingHttpHeaders;
  /** The delivery as the service posted it (parsed from its JSON; an empty body: undefined). */
  body: WebhookDelivery | undefined;
  /** The sender closed the connection before the receiver answered (a cut-off or a shutdown). */
  cutOff: boolean;
}

/** What the receiver answers its n-th request (0-based): a status, or 'hang' (no answer until released or closed). */
export type Answerer = (n: number, received: Received) => number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  answer: Answerer;
  /** Answers every request held by 'hang' with this status. */
  release(status?: number): void;
  /** Resolves once `count` requests have arrived; rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A webhook receiver: a real node:http server on 127.0.0.1 that records every request. */
export async function startReceiver(answer: Answerer = () => 200, path = '/hook'): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    answer,
    release(status = 200) {
      for (const res of held.splice(0)) res.writeHead(status).end();
    },
    waitFor: (count, ms = 5_000) =>
      waitUntil(() => receiver.received.length >= count, ms, `${count} deliveries`).then(() => receiver.received),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const entry: Received = {
        at: performance.now(),
        headers: req.headers,
        // The service posts a WebhookDelivery (contract/service/notification-deliveries.ts); the tests check its fields.
        body: text ? (JSON.parse(text) as WebhookDelivery) : undefined,
        cutOff: false,
      };
      res.once('close', () => {
        if (!res.writableEnded) entry.cutOff = true;
      });
      const n = receiver.received.length;
      receiver.received.push(entry);
      const status = receiver.answer(n, entry);
      if (status === 'hang') held.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/** Polls `check` every 10 ms until it holds; rejects with `what` after `ms`. */
export async function waitUntil(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = performance.now() + ms;
  while (!check()) {
    if (performance.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A prescription product and a patient with a home address: enough to create orders over HTTP. */
export async function orderMaker(h: Harness) {
  const db = h.service.db;
  const productId = db.transaction(() =>
    createProduct(db, { kind: 'prescription', sku: 'RX-NOTIFY-10', name: 'Notifyzole 10 mg' }, h.clock.now),
  );
  const patient = await h.api('POST', '/api/v1/patients', {
    body: {
      first_name: 'Avery',
      last_name: 'Example',
      date_of_birth: '1980-02-03',
      address: { address_1: '1 Example Way', city: 'Springfield', state: 'IL', zip_code: '62701' },
    },
  });
  if (patient.status !== 201) throw new Error(`no patient: ${JSON.stringify(patient.body)}`);
  return async function createOrder(): Promise<{ id: string; order_number: string }> {
    const res = await h.api('POST', '/api/v1/orders?force_new=true', {
      body: { patient_id: patient.body.id, products: { prescription: [{ id: productId, quantity: 1 }] } },
    });
    if (res.status !== 201) throw new Error(`order create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
}
