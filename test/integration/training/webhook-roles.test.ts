// Webhook administration is the admin's: a technician cannot send patient data to a URL off this machine, replace the
// secret every station shares, or send samples elsewhere; a station's own sign-in still subscribes its listener.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, type Role, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const webhookCount = () => h.service.db.get<{ n: number }>('SELECT count(*) AS n FROM webhook_subscriptions')?.n ?? 0;
const secretCount = () => h.service.db.get<{ n: number }>('SELECT count(*) AS n FROM webhook_secrets')?.n ?? 0;
const deliveryCount = () => h.service.db.get<{ n: number }>('SELECT count(*) AS n FROM webhook_deliveries')?.n ?? 0;
const subscribe = (as: Role, url: string) =>
  h.api('POST', '/api/v1/notifications/webhooks', { as, body: { url, event_codes: ['all'] } });
const generateSecret = (as: Role) => h.api('POST', '/api/v1/notifications/webhook-secret', { as });
const sample = (as: Role, url: string) =>
  h.api('POST', '/api/v1/notifications/sample', { as, body: { event_code: 'order.shipped', webhook_url: url } });

describe('webhook administration by role', () => {
  it('refuses a technician or pharmacist a subscription to an https URL, and stores nothing', async () => {
    for (const role of ['technician', 'pharmacist'] as const) {
      const res = await subscribe(role, 'https://collector.example/hook');
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/admin/);
    }
    expect(webhookCount()).toBe(0);
    expect((await subscribe('admin', 'https://collector.example/hook')).status).toBe(201);
  });

  it('lets any role subscribe its own listener on loopback and move it to another port', async () => {
    const made = await subscribe('technician', 'http://127.0.0.1:4123/webhooks/fulfillment');
    expect(made.status).toBe(201);
    const moved = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'technician',
      body: { url: 'http://127.0.0.1:4124/webhooks/fulfillment' },
    });
    expect(moved.status).toBe(200);
    const away = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'technician',
      body: { url: 'https://collector.example/hook' },
    });
    expect(away.status).toBe(403);
    expect(h.service.db.get<{ url: string }>('SELECT url FROM webhook_subscriptions')?.url).toBe(
      'http://127.0.0.1:4124/webhooks/fulfillment',
    );
  });

  it('refuses anyone but its creator or an admin a move of a station’s loopback subscription (to a port they control)', async () => {
    const made = await subscribe('technician', 'http://127.0.0.1:4123/webhooks/fulfillment');
    const hijack = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'pharmacist',
      body: { url: 'http://127.0.0.1:6666/catch-everything' },
    });
    expect(hijack.status).toBe(403);
    expect(hijack.body.message).toMatch(/admin/);
    const codes = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'pharmacist',
      body: { event_codes: ['order.shipped'] },
    });
    expect(codes.status).toBe(403);
    expect(
      h.service.db.get<{ url: string; event_codes: string }>('SELECT url, event_codes FROM webhook_subscriptions'),
    ).toEqual({
      url: 'http://127.0.0.1:4123/webhooks/fulfillment',
      event_codes: '["all"]',
    });
    const byAdmin = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'admin',
      body: { url: 'http://127.0.0.1:4125/webhooks/fulfillment' },
    });
    expect(byAdmin.status).toBe(200);
  });

  it("refuses a technician a change to an admin's https subscription", async () => {
    const made = await subscribe('admin', 'https://partner.example/hook');
    const res = await h.api('PUT', `/api/v1/notifications/webhooks/${made.body.id}`, {
      as: 'technician',
      body: { url: 'http://127.0.0.1:4123/webhooks/fulfillment' },
    });
    expect(res.status).toBe(403);
  });

  it('lets the first secret be made by any role, and only an admin replace it', async () => {
    expect((await generateSecret('technician')).status).toBe(201);
    const replaced = await generateSecret('technician');
    expect(replaced.status).toBe(403);
    expect(replaced.body.message).toMatch(/admin/);
    expect(secretCount()).toBe(1);
    expect((await generateSecret('pharmacist')).status).toBe(403);
    expect((await generateSecret('admin')).status).toBe(201);
    expect(secretCount()).toBe(2);
  });

  it('refuses a technician a sample to an https URL and queues nothing; a loopback sample is theirs', async () => {
    const before = deliveryCount();
    expect((await sample('technician', 'https://collector.example/hook')).status).toBe(403);
    expect(deliveryCount()).toBe(before);
    expect((await sample('technician', 'http://127.0.0.1:9/webhooks/fulfillment')).status).toBe(200);
    expect((await sample('admin', 'https://collector.example/hook')).status).toBe(200);
  });
});
