// Subscribing at sign-in against the real training service: a secret made once and kept in the secret store, one
// subscription at the listener's URL (created, then left alone, then moved), and no secret in any answer or log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../contract/service/operations.ts';
import {
  createWebhookSecret,
  subscribeAtSignIn,
  webhookSecretAccount,
  webhookUrlFor,
} from '../../../main/events/subscribe.ts';
import type { StationClient } from '../../../main/events/types.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';
import { type Harness, startHarness } from '../training/harness.ts';

let h: Harness;
let client: StationClient;
const logLines: string[] = [];
const logger = createLogger({ scope: 'events', level: 'debug', write: (line) => logLines.push(line) });

beforeAll(async () => {
  h = await startHarness();
  client = createServiceClient(operations, {
    baseUrl: h.url,
    tokens: { accessToken: () => h.tokens.admin, refreshToken: () => null, refresh: async () => {} },
  });
});
afterAll(() => h.close());

const hooks = async () => (await client.notifications.listWebhooks.page({ query: { page_size: 200 } })).items;

describe('subscribing at sign-in', () => {
  const store = createMemorySecretStore();
  const account = webhookSecretAccount('http://127.0.0.1:4010/');
  const secret = createWebhookSecret(store, account);

  it('keeps the secret under one keychain account per service', () => {
    expect(account).toBe('webhook-secret http://127.0.0.1:4010');
  });

  it('generates a webhook secret into the store, and creates a subscription to every event at the listener', async () => {
    const url = webhookUrlFor(48123);
    expect(url).toBe('http://127.0.0.1:48123/webhooks/fulfillment');
    const result = await subscribeAtSignIn({ client, secret, url, logger });
    expect(result).toEqual({ ok: true, secret: 'generated', subscription: 'created', url });
    const stored = await store.get(account);
    expect(stored).toMatch(/\S{16,}/);
    expect(await secret.current()).toBe(stored);
    expect((await hooks()).filter((s) => s.url === url)).toEqual([
      expect.objectContaining({ url, event_codes: ['all'] }),
    ]);
    expect(JSON.stringify(result)).not.toContain(stored);
  });

  it('the next time keeps the secret and leaves the subscription alone', async () => {
    const before = await store.get(account);
    const url = webhookUrlFor(48123);
    expect(await subscribeAtSignIn({ client, secret, url, logger })).toMatchObject({
      ok: true,
      secret: 'existing',
      subscription: 'unchanged',
    });
    expect(await store.get(account)).toBe(before);
    expect((await hooks()).filter((s) => s.url === url)).toHaveLength(1);
  });

  it('moves its subscription to a new port rather than adding a second one, and restores `all`', async () => {
    const old = webhookUrlFor(48123);
    const [mine] = (await hooks()).filter((s) => s.url === old);
    await client.notifications.updateWebhook({
      params: { webhook_id: mine!.id },
      body: { event_codes: ['order.created'] },
    });
    const url = webhookUrlFor(48124);
    const count = (await hooks()).length;
    expect(await subscribeAtSignIn({ client, secret, url, previousUrls: [old], logger })).toMatchObject({
      ok: true,
      subscription: 'updated',
    });
    const after = await hooks();
    expect(after).toHaveLength(count);
    expect(after.find((s) => s.id === mine!.id)).toMatchObject({ url, event_codes: ['all'] });
  });

  it('subscribes a configured public https URL instead of the loopback one', async () => {
    const url = webhookUrlFor(48123, 'https://station-7.tunnel.example/webhooks/fulfillment');
    expect(url).toBe('https://station-7.tunnel.example/webhooks/fulfillment');
    expect(await subscribeAtSignIn({ client, secret, url, logger })).toMatchObject({
      ok: true,
      subscription: 'created',
    });
  });

  it('reports a failure as a message to show, without throwing', async () => {
    const broken = createServiceClient(operations, {
      baseUrl: h.url,
      tokens: { accessToken: () => 'not-a-token', refreshToken: () => null, refresh: async () => {} },
    });
    const result = await subscribeAtSignIn({
      client: broken,
      secret: createWebhookSecret(createMemorySecretStore(), 'other'),
      url: webhookUrlFor(48125),
      logger,
    });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
  });

  it('never logs the secret', async () => {
    const stored = (await store.get(account)) as string;
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(stored);
  });
});
