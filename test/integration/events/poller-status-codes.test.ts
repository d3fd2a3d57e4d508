// The poller against a stand-in that answers as the real service does: title-case `status`, or only status_code /
// status_name (S01 is "Shipping" there). A change from P01 to S01 is a shipment, whatever the spelling.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../contract/service/operations.ts';
import { createEventHub, createEventPipeline } from '../../../main/events/hub.ts';
import { EventInbox } from '../../../main/events/inbox.ts';
import { createReconciliationPoller } from '../../../main/events/poller.ts';
import { openEventsDb } from '../../../main/events/schema.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';

const created = new Date().toISOString();
let orders: Record<string, unknown>[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(orders.length) });
    res.end(JSON.stringify(req.url?.startsWith('/api/v1/orders') ? orders : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the poller reads the real service’s status fields', () => {
  it('raises order.shipped when status_code moves P01 → S01 ("Shipping"), with no lower-case status', async () => {
    const client = createServiceClient(operations, {
      baseUrl,
      tokens: { accessToken: () => 'token', refreshToken: () => null, refresh: async () => {} },
    });
    const db = openEventsDb(':memory:');
    const hub = createEventHub();
    const events: StationEvent[] = [];
    hub.onEvent((event) => events.push(event));
    const poller = createReconciliationPoller({
      client: () => client,
      db,
      sink: createEventPipeline(new EventInbox(db), hub),
    });
    const order = { id: 'a1b2c3d4-0000-4000-8000-000000000001', order_number: 'ORD1', created_at: created };
    orders = [{ ...order, status: 'Data Entry', status_code: 'P01', status_name: 'Data Entry' }];
    expect(await poller.pollNow()).toMatchObject({ state: 'done', baseline: true });
    orders = [{ ...order, status_code: 'S01', status_name: 'Shipping' }];
    expect(await poller.pollNow()).toMatchObject({ state: 'done', raised: 1 });
    expect(events.map((e) => [e.eventCode, e.statusName])).toEqual([['order.shipped', 'Shipping']]);
    // The same status spelt in title case is no change.
    orders = [{ ...order, status: 'Shipped', status_code: 'S01', status_name: 'Shipping' }];
    expect(await poller.pollNow()).toMatchObject({ state: 'done', raised: 0 });
    await poller.stop();
    db.close();
  });
});
