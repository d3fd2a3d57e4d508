// A proxy that wants a password (407) on a service call: the call is answered once, from the same keychain entry and
// prompt as the updater's proxy sign-in (proxy-login.ts), and sent again, over real loopback HTTP (the stand-in's
// session fetch and net.request). The test server plays the proxy: 407 until the request carries its credentials.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createMemorySecretStore, type SecretStore } from '../../../../main/service/session/index.ts';
import { createProxyLogin } from '../../../../main/shells/electron/proxy-login.ts';
import { createServiceFetch, SERVICE_PARTITION } from '../../../../main/shells/electron/service-fetch.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const CREDENTIALS = `Basic ${btoa('pharm:proxy-pw')}`;
let server: Server;
let base: string;
let seen: { authorized: boolean; body: string }[];
let secrets: SecretStore;
let prompts: { url: string; closed: () => void }[];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

beforeEach(async () => {
  resetElectron();
  await electron.app.becomeReady();
  seen = [];
  prompts = [];
  secrets = createMemorySecretStore();
  server = createServer(async (req, res) => {
    const body = await read(req);
    const authorized = req.headers['proxy-authorization'] === CREDENTIALS;
    seen.push({ authorized, body });
    if (!authorized) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="Pharmacy proxy"' }).end();
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise((resolve) => server.close(resolve)));

function serviceFetch() {
  const handler = createProxyLogin({
    secrets: async () => secrets,
    openPrompt: (url, closed) => {
      prompts.push({ url, closed });
      return { close: () => {} };
    },
    log: createLogger({ scope: 'proxy', write: () => {} }),
  });
  const fetchImpl = createServiceFetch((partition) => electron.session.fromPartition(partition) as never, {
    request: (options) =>
      electron.net.request({
        ...options,
        headers: {},
        session: electron.session.fromPartition(SERVICE_PARTITION),
      }) as never,
    answerProxy: handler.answerProxy,
  });
  return { handler, fetchImpl };
}

const call = (fetchImpl: typeof fetch) =>
  fetchImpl(`${base}/v1/tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'verify' }),
  });

describe('a service call behind a proxy that asks for a password', () => {
  it('asks once in the proxy prompt, keeps the answer in the keychain, and sends the call again', async () => {
    const { handler, fetchImpl } = serviceFetch();
    const answer = call(fetchImpl);
    await expect.poll(() => prompts.length).toBe(1);
    const form = new URLSearchParams({ username: 'pharm', password: 'proxy-pw' });
    await handler.withPrompt(async () => new Response(null, { status: 404 }))(
      new Request(prompts[0]!.url, { method: 'POST', body: form }),
    );
    const answered = await answer;
    expect(answered.status).toBe(201);
    expect(await answered.json()).toEqual({ method: 'POST', body: '{"kind":"verify"}' });
    expect(prompts).toHaveLength(1);
    expect(JSON.parse((await secrets.get(`proxy:127.0.0.1:${new URL(base).port}`))!)).toEqual({
      username: 'pharm',
      password: 'proxy-pw',
    });
    // The body went each time: refused twice (the session fetch, then the challenge), then sent with the password.
    expect(seen).toEqual([
      { authorized: false, body: '{"kind":"verify"}' },
      { authorized: false, body: '{"kind":"verify"}' },
      { authorized: true, body: '{"kind":"verify"}' },
    ]);
  });

  it('uses the keychain entry the updater’s proxy sign-in stored, with no prompt', async () => {
    await secrets.set(
      `proxy:127.0.0.1:${new URL(base).port}`,
      JSON.stringify({ username: 'pharm', password: 'proxy-pw' }),
    );
    const { fetchImpl } = serviceFetch();
    expect((await call(fetchImpl)).status).toBe(201);
    expect(prompts).toHaveLength(0);
  });

  it('a prompt closed without an answer gives the caller the proxy’s 407, never a call that hangs', async () => {
    const { fetchImpl } = serviceFetch();
    const answer = call(fetchImpl);
    await expect.poll(() => prompts.length).toBe(1);
    prompts[0]!.closed();
    expect((await answer).status).toBe(407);
  });
});
