// A service that answers 404 to the webhook-secret call (as the issue saw) gives no subscription, and says why:
// the indicator must then say polled because the service offers no webhook secret, never "on".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../contract/service/operations.ts';
import { describeEvents } from '../../../main/events/events-status.ts';
import { createWebhookSecret, subscribeAtSignIn } from '../../../main/events/subscribe.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';

let server: Server;
let baseUrl: string;
const calls: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
    if (req.method === 'GET' && req.url?.startsWith('/api/v1/notifications/webhooks')) {
      // Nobody subscribed yet: the station may make the first secret, and asks for one.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not_found', message: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a service without a webhook secret', () => {
  it('answers no subscription, because the service offers no webhook secret, and the indicator says polled', async () => {
    const client = createServiceClient(operations, {
      baseUrl,
      tokens: { accessToken: () => 'token', refreshToken: () => null, refresh: async () => {} },
    });
    const secret = createWebhookSecret(createMemorySecretStore(), 'webhook-secret stand-in');
    const url = 'http://127.0.0.1:4319/webhooks/fulfillment';
    const result = await subscribeAtSignIn({ client, secret, url });
    expect(result).toMatchObject({ ok: false, reason: 'no_webhook_secret' });
    expect(calls).toContain('POST /api/v1/notifications/webhook-secret');
    expect(calls).not.toContain('POST /api/v1/notifications/webhooks');
    const view = describeEvents({
      listener: { state: 'listening', port: 4319, url },
      signedIn: true,
      subscription: result,
      lastCheck: null,
    });
    expect(view).toMatchObject({ mode: 'polling', reason: 'no_secret_offered' });
  });
});
