// The station's channels against the training service: task writes through the outbox, refusals that name the field,
// the service's own refusals with their status, settings, links, the webhook secret and events from a real webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import type { DesktopNotification } from '../../../main/events/notify/port.ts';
import { refusedFields, stationCalls } from '../support/station-calls.ts';
import { everythingSaid, expectNoSecretIn, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const shown: DesktopNotification[] = [];
let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig({ notifications: { show: (n) => shown.push(n) } });
  const signIn = await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error.message}`);
});
afterAll(async () => {
  await rig.close();
});

const { value } = stationCalls(() => rig);

/** The listener's URL once the subscription made at sign-in exists at the service (it is made in the background). */
async function subscribedUrl(): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const hooks = await value('notifications:listWebhooks', undefined);
    const url = hooks.find((hook) => hook.url?.startsWith('http://127.0.0.1:'))?.url;
    if (url) return url;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the station did not subscribe at sign-in');
}

describe('the station channels', () => {
  it('queues a task write that reaches the service, and tells the renderer as the queue moves', async () => {
    const since = rig.events.length;
    const entry = await value('tasks:enqueue', {
      kind: 'create',
      body: { name: 'Restock the label printer', category_code: 'T06' },
    });
    expect(entry).toMatchObject({ kind: 'create', state: 'queued' });
    await rig.waitForEvent(
      (event, p) => event === 'outbox.changed' && p.counts.done >= 1 && p.ids.includes(entry.id),
      15_000,
      since,
    );
    const listed = await value('outbox:list', undefined);
    stationChannels['outbox:list'].output.parse(listed);
    const done = listed.entries.find((e) => e.id === entry.id)!;
    expect(done).toMatchObject({ state: 'done' });
    const task = await value('tasks:get', { params: { task_id: done.taskId! } });
    expect(task).toMatchObject({ id: done.taskId, name: 'Restock the label printer' });
  });

  it('refuses bad input before anything runs, naming the field and never quoting the value', async () => {
    const badTask = await rig.station.invoke('tasks:enqueue', {
      kind: 'create',
      body: { category_code: 'T06', sneaky: 'x' },
    });
    expect(badTask).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const fields = badTask.ok ? [] : refusedFields(badTask.error);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.sneaky']));
    const badOrder = await rig.station.invoke('orders:get', { params: {} });
    expect(badOrder).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'params.order_id' }] },
    });
    const noInput = await rig.station.invoke('outbox:retry', undefined);
    expect(noInput).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('hands on the service refusals with their status so the screen can tell "not found" from "not allowed"', async () => {
    const missing = await rig.station.invoke('orders:get', {
      params: { order_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    const forbidden = await rig.station.invoke('training:step', { body: { minutes: 1 } });
    expect(forbidden).toMatchObject({ ok: false, error: { status: 403 } });
  });

  it('saves a technician’s shorter idle lock, refuses a bad value naming the field, and leaves the rest to an admin', async () => {
    const bad = await rig.station.invoke('settings:update', { idleLockMinutes: 0 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ field: 'idleLockMinutes' }] } });
    const before = await value('settings:get', undefined);
    const tunnel = 'https://tunnel.example/webhooks';
    const refused = await rig.station.invoke('settings:update', { idleLockMinutes: 5, publicWebhookUrl: tunnel });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'forbidden', details: [{ field: 'publicWebhookUrl' }] },
    });
    expect(await rig.station.invoke('settings:update', { listenerPort: 5000 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', details: [{ field: 'listenerPort', message: 'needs an admin to change' }] },
    });
    expect(await value('settings:get', undefined)).toEqual(before);
    const saved = await value('settings:update', { idleLockMinutes: 5 });
    expect(saved).toMatchObject({ idleLockMinutes: 5, publicWebhookUrl: null, backend: 'training' });
    expect(await value('settings:get', undefined)).toEqual(saved);
  });

  it('opens carrier tracking pages only', async () => {
    const url = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000';
    expect(await rig.station.invoke('shell:openExternal', { url })).toEqual({ ok: true, value: { opened: true } });
    for (const refused of [
      'http://www.ups.com/track',
      'https://evil.example/ups.com',
      'https://ups.com.evil.example/',
    ]) {
      expect(await rig.station.invoke('shell:openExternal', { url: refused })).toMatchObject({
        ok: false,
        error: { code: 'not_allowed' },
      });
    }
    expect(rig.opened).toEqual([url]);
  });

  it('does not let a technician rotate the webhook secret every station shares', async () => {
    const before = await rig.secrets.get('webhook-secret training');
    const answer = await rig.station.invoke('notifications:rotateSecret', { confirmed: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await rig.secrets.get('webhook-secret training')).toBe(before);
    expectNoSecretIn(everythingSaid(rig), [before]);
  });

  it('turns a webhook the service delivers into an order event for the renderer', async () => {
    const url = await subscribedUrl();
    const since = rig.events.length;
    await value('notifications:sendSample', { body: { event_code: 'order.shipped', webhook_url: url } });
    const event = await rig.waitForEvent<'order.event'>(
      (name, p) => name === 'order.event' && p.eventCode === 'order.shipped',
      15_000,
      since,
    );
    expect(event).toMatchObject({ source: 'webhook', eventCode: 'order.shipped' });
    const recent = await value('events:recent', { limit: 500 });
    expect(recent.map((e) => e.key)).toContain(event.key);
  });

  it('shows no desktop notification for an order this station created, yet tells the renderer about it', async () => {
    await subscribedUrl();
    const patient = (await value('patients:list', { query: { page_size: 1 } }))[0]!;
    const product = (await value('products:list', undefined)).prescription![0]!;
    const since = rig.events.length;
    const order = await value('orders:create', {
      query: { force_new: true },
      body: { patient_id: patient.id, products: { prescription: [{ id: product.id, quantity: 1 }] } },
    });
    await rig.waitForEvent((name, p) => name === 'order.event' && p.subjectId === order.id, 15_000, since);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(shown.filter((n) => n.eventKeys.some((key) => key.includes(order.id)))).toEqual([]);
  });
});
