// The events part assembled as the app uses it: listener, poller, inbox file, fan-out and notifier over real HTTP.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../contract/service/operations.ts';
import type { DesktopNotification } from '../../../main/events/notify/port.ts';
import { createEventSystem, type EventSystem } from '../../../main/events/system.ts';
import type { StationClient, StationEvent } from '../../../main/events/types.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';
import { seedDemoData } from '../../../training/index.ts';
import { newOrder } from '../support/new-records.ts';
import { type Harness, startHarness } from '../training/harness.ts';
import { delivery, goodHeaders, SECRET, send } from './rig.ts';

let h: Harness;
let client: StationClient;
let dir: string;
let system: EventSystem;
const shown: DesktopNotification[] = [];
const events: StationEvent[] = [];
let signedIn = true;

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 3, orders: 20, now: h.clock.now });
  client = createServiceClient(operations, {
    baseUrl: h.url,
    tokens: { accessToken: () => h.tokens.admin, refreshToken: () => null, refresh: async () => {} },
  });
  dir = mkdtempSync(join(tmpdir(), 'station-system-'));
  system = createEventSystem({
    dataDir: dir,
    port: 0,
    secret: async () => SECRET,
    client: () => (signedIn ? client : null),
    notifications: { show: (n) => shown.push(n) },
    onNotificationClick: () => {},
    coalesceMs: 20,
  });
  system.onEvent((e) => events.push(e));
});
afterAll(async () => {
  await system.stop();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function createOrder() {
  const [patient] = (await client.patients.list.page({ query: { page_size: 1 } })).items;
  const product = (await client.products.list()).prescription![0]!;
  return client.orders.create({
    query: { force_new: true },
    body: newOrder(patient!.id, { id: product.id }),
  });
}

describe('the event system', () => {
  it('starts its listener on loopback with the inbox in the data folder, and takes a silent first look', async () => {
    const status = await system.start();
    expect(status.state).toBe('listening');
    expect(existsSync(join(dir, 'events.db'))).toBe(true);
    expect(system.webhookUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/fulfillment$/);
    expect(await system.pollNow()).toMatchObject({ state: 'done', raised: 0 });
  });

  it('turns a webhook delivery into one event and one notification', async () => {
    const port = system.listenerStatus().state === 'listening' ? (system.listenerStatus() as { port: number }).port : 0;
    const sent = delivery('order.delivered');
    const answer = await send(port, { headers: goodHeaders(port), body: JSON.stringify(sent) });
    expect(answer.status).toBe(204);
    system.notifier.flush();
    expect(events.at(-1)?.key).toBe(`order.delivered:${sent.data.id}`);
    expect(shown.at(-1)?.eventKeys).toEqual([`order.delivered:${sent.data.id}`]);
  });

  it('turns an order no webhook announced into an event and a notification on the next poll', async () => {
    const order = await createOrder();
    expect(await system.resume()).toMatchObject({ raised: 1 });
    system.notifier.flush();
    expect(shown.at(-1)).toMatchObject({ title: `New order ${order.order_number}`, orderId: order.id });
  });

  it('tells subscribers about the workstation’s own change, but shows no notification for it', async () => {
    const order = await createOrder();
    system.suppress(order.id);
    const before = shown.length;
    await system.pollNow();
    system.notifier.flush();
    expect(events.at(-1)?.subjectId).toBe(order.id);
    expect(shown.length).toBe(before);
  });

  it('while signed out does not poll', async () => {
    signedIn = false;
    try {
      expect(await system.pollNow()).toEqual({ state: 'signed_out' });
    } finally {
      signedIn = true;
    }
  });

  it('with its port taken still starts, reports the port, and keeps polling', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const other = mkdtempSync(join(tmpdir(), 'station-system-'));
    const second = createEventSystem({
      dataDir: other,
      port,
      secret: async () => SECRET,
      client: () => client,
      notifications: { show: () => {} },
      onNotificationClick: () => {},
    });
    try {
      expect(await second.start()).toMatchObject({ state: 'failed', code: 'port_in_use' });
      expect(second.webhookUrl()).toBeNull();
      expect(await second.pollNow()).toMatchObject({ state: 'done' });
    } finally {
      await second.stop();
      await new Promise((resolve) => blocker.close(resolve));
      rmSync(other, { recursive: true, force: true });
    }
  });
});
