// Renewing an expired access token after a 401: one refresh for everyone, one retry, then the 401 stands.
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, ServiceError } from '../../../../main/service/client/index.ts';
import { answersLogged, memoryTokens, serviceError, testTable } from './fixtures.ts';
import { type RecordedRequest, startTestServer, type TestServer } from './test-server.ts';

const EXPIRED = 'access-token-expired-0001';
const FRESH = 'access-token-fresh-0002';
const REFRESH = 'refresh-token-7d-0a1b2c3d';

let server: TestServer | undefined;
afterEach(() => server?.close());

/** A service where only FRESH is a valid access token, and POST /auth/refresh (with the refresh token) issues it. */
function answer(request: RecordedRequest) {
  const auth = request.headers.authorization;
  if (request.rawPath === '/api/v1/auth/refresh') {
    if (auth !== `Bearer ${REFRESH}`)
      return { status: 401, json: serviceError('unauthorized', 'refresh token required') };
    return { json: { access_token: FRESH }, delayMs: 30 };
  }
  if (auth !== `Bearer ${FRESH}`) return { status: 401, json: serviceError('unauthorized', 'token expired') };
  const id = decodeURIComponent(request.rawPath.split('/').at(-1) ?? '');
  return { json: { id, name: `thing ${id}` } };
}

describe('refresh on 401', () => {
  it('100 concurrent calls with an expired access token cause exactly one refresh and all 100 succeed', async () => {
    server = await startTestServer(answer);
    const url = server.url;
    // The token source renews through the client's own refresh operation, as the session will.
    const tokens = memoryTokens(EXPIRED, async (self) => {
      const renewal = createServiceClient(testTable, { baseUrl: url, tokens: self });
      self.access = (await renewal.auth.refresh()).access_token;
    });
    const client = createServiceClient(testTable, { baseUrl: url, tokens });
    const ids = Array.from({ length: 100 }, (_, i) => `thing-${i}`);
    const results = await Promise.all(ids.map((id) => client.things.get({ params: { thing_id: id } })));
    expect(results.map((r) => r.id)).toEqual(ids);
    expect(tokens.refreshes).toBe(1);
    expect(server.requests.filter((r) => r.rawPath === '/api/v1/auth/refresh')).toHaveLength(1);
    const gets = server.requests.filter((r) => r.method === 'GET');
    expect(gets.filter((r) => r.headers.authorization === `Bearer ${FRESH}`)).toHaveLength(100);
    expect(gets).toHaveLength(200);
  });

  it('a 401 for a request sent with an older token retries with the current token without refreshing', async () => {
    const tokens = memoryTokens(EXPIRED);
    server = await startTestServer((request) => {
      // Another part of the app renewed the token while this request was in flight.
      tokens.access = FRESH;
      return answer(request);
    });
    const client = createServiceClient(testTable, { baseUrl: server.url, tokens });
    await expect(client.things.get({ params: { thing_id: 'thing-1' } })).resolves.toMatchObject({ id: 'thing-1' });
    expect(tokens.refreshes).toBe(0);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${EXPIRED}`, `Bearer ${FRESH}`]);
  });

  it('a 401 that arrives after the refresh finished retries without another refresh, even if the token is unchanged', async () => {
    // A sliding-session service: renewal re-validates the same token string instead of issuing a new one.
    let renewed = false;
    const slowArrived = Promise.withResolvers<void>();
    const renewal = Promise.withResolvers<void>();
    server = await startTestServer(async (request) => {
      if (renewed) return { json: { id: 'thing', name: 'ok' } };
      if (request.rawPath.endsWith('slow')) {
        slowArrived.resolve();
        // The slow request's 401 is decided now, but reaches the client only once the renewal has finished.
        await renewal.promise;
      }
      return { status: 401, json: serviceError('unauthorized', 'expired') };
    });
    // The renewal finishes only once the slow request is in: states, not times, however slow the machine.
    const tokens = memoryTokens(EXPIRED, async () => {
      await slowArrived.promise;
      renewed = true;
      renewal.resolve();
    });
    const client = createServiceClient(testTable, { baseUrl: server.url, tokens });
    const calls = ['fast', 'slow'].map((id) => client.things.get({ params: { thing_id: id } }));
    await expect(Promise.all(calls)).resolves.toHaveLength(2);
    expect(tokens.refreshes).toBe(1);
    expect(server.requests).toHaveLength(4);
  });

  it('a second 401 after the refresh raises the 401 without refreshing again', async () => {
    server = await startTestServer(() => ({ status: 401, json: serviceError('unauthorized', 'user deactivated') }));
    const tokens = memoryTokens(EXPIRED);
    const client = createServiceClient(testTable, { baseUrl: server.url, tokens });
    const error = await client.things.get({ params: { thing_id: 'thing-1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'user deactivated' });
    expect(tokens.refreshes).toBe(1);
    expect(server.requests).toHaveLength(2);
  });

  it('a refresh that fails raises refresh_failed for every waiting call', async () => {
    server = await startTestServer(answer);
    // The refresh fails only once all three calls have had their 401 and are waiting on it, however slow the machine.
    const waiting = answersLogged(401, 3);
    const tokens = memoryTokens(EXPIRED, async (self) => {
      await waiting.all;
      // One turn of the event loop: a call that logged its 401 finishes reading the token and joins (no timer).
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error(`refresh token ${self.refreshTokenValue} has expired`);
    });
    const client = createServiceClient(testTable, { baseUrl: server.url, tokens, logger: waiting.logger });
    const calls = ['a', 'b', 'c'].map((id) => client.things.get({ params: { thing_id: id } }).catch((e: unknown) => e));
    const errors = (await Promise.all(calls)) as ServiceError[];
    expect(errors.map((e) => e.code)).toEqual(['refresh_failed', 'refresh_failed', 'refresh_failed']);
    expect(tokens.refreshes).toBe(1);
    expect(errors[0]?.message).not.toContain(REFRESH);
  });

  it('does not renew after a 401 on an operation with auth none or refresh', async () => {
    server = await startTestServer(() => ({ status: 401, json: serviceError('unauthorized', 'bad credentials') }));
    const tokens = memoryTokens(EXPIRED);
    const client = createServiceClient(testTable, { baseUrl: server.url, tokens });
    await expect(client.auth.login({ body: { email: 'a@b.example', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(client.auth.refresh()).rejects.toMatchObject({ status: 401 });
    expect(tokens.refreshes).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});
