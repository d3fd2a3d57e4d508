// The service client against a real local server: typed calls, encoding, validation, credentials, error bodies.
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { checkedInput, createServiceClient, ServiceError } from '../../../../main/service/client/index.ts';
import { memoryTokens, serviceError, testTable } from './fixtures.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ json: { id: 'thing-1', name: 'Amoxicillin 500 mg' } }));
});

function client(tokens = memoryTokens('access-token-current-1'), timeoutMs?: number) {
  return createServiceClient(testTable, {
    baseUrl: `${server.url}/`,
    tokens,
    timeoutMs,
    userAgent: 'FulfillmentStation/0.1 test',
  });
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('typed calls built from the operation table', () => {
  it('gets one record by path key with the access token and returns the validated body', async () => {
    const thing = await client().things.get({ params: { thing_id: 'thing-1' } });
    expect(thing).toEqual({ id: 'thing-1', name: 'Amoxicillin 500 mg' });
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.rawPath).toBe('/api/v1/things/thing-1');
    expect(request?.headers.authorization).toBe('Bearer access-token-current-1');
    expect(request?.headers['user-agent']).toBe('FulfillmentStation/0.1 test');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('types inputs from the schemas and outputs from the response schema', () => {
    const things = client().things;
    expectTypeOf(things.get).returns.resolves.toMatchTypeOf<{ id: string; name: string }>();
    expectTypeOf(things.list.walk).returns.toMatchTypeOf<
      AsyncGenerator<{ id: string; name: string }, void, undefined>
    >();
    // Compile-time checks: tsc fails this file if the types stop refusing these.
    const refused = () => {
      // @ts-expect-error the path key is required
      void things.get();
      // @ts-expect-error unknown body field
      void things.create({ body: { name: 'x', quantity: 1, colour: 'red' } });
      // @ts-expect-error not a list operation
      void things.get.walk;
    };
    expect(typeof refused).toBe('function');
  });

  it('lets the input be left out when nothing in it is required', async () => {
    server.handle(() => ({ json: [], headers: { 'X-Remaining-Count': '0' } }));
    await expect(client().things.list()).resolves.toEqual([]);
    expect(server.requests[0]?.rawUrl).toBe('/api/v1/things');
  });

  it('percent-encodes a path identifier so an order number like `A/B 1#?` arrives intact', async () => {
    await client().things.get({ params: { thing_id: 'A/B 1#?' } });
    const rawPath = server.requests[0]?.rawPath ?? '';
    expect(rawPath).toBe('/api/v1/things/A%2FB%201%23%3F');
    expect(decodeURIComponent(rawPath.split('/').at(-1) ?? '')).toBe('A/B 1#?');
  });

  it('serialises query values as strings and leaves out undefined ones', async () => {
    server.handle((request) => ({ json: request.rawPath === '/api/v1/things' ? [] : { id: 't', name: 'Tape' } }));
    await client().things.list({ query: { page: 2, page_size: 50, status: undefined } });
    await client().things.get({ params: { thing_id: 't' }, query: { include_all: true } });
    expect(server.requests[0]?.rawUrl).toBe('/api/v1/things?page=2&page_size=50');
    expect(server.requests[1]?.rawUrl).toBe('/api/v1/things/t?include_all=true');
  });

  it('sends a JSON body with its content type and the Idempotency-Key when given', async () => {
    server.handle(() => ({ status: 201, json: { id: 'thing-2', name: 'Gauze' } }));
    const created = await client().things.create({ body: { name: 'Gauze', quantity: 3 }, idempotencyKey: 'key-123' });
    expect(created.id).toBe('thing-2');
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe('key-123');
    expect(request?.body).toEqual({ name: 'Gauze', quantity: 3 });
  });

  it('accepts an empty 204 answer for an operation that returns nothing', async () => {
    server.handle(() => ({ status: 204 }));
    await expect(client().things.remove({ params: { thing_id: 'thing-1' } })).resolves.toBeUndefined();
  });
});

describe('input and response validation', () => {
  it('refuses an unknown body field before sending anything', async () => {
    const bad = { body: { name: 'Gauze', quantity: 1, colour: 'red' } } as never;
    const error = await rejection(client().things.create(bad));
    expect(error).toMatchObject({ status: 0, code: 'invalid_request', operation: 'things.create' });
    expect(error.message).toContain('colour');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a missing or empty path key and a wrongly typed field before sending anything', async () => {
    const things = client().things;
    await rejection(things.get({ params: { thing_id: '' } }));
    await rejection(things.get({} as never));
    const error = await rejection(things.create({ body: { name: 'Gauze', quantity: -1 } }));
    expect(error.message).toContain('body.quantity');
    expect(server.requests).toHaveLength(0);
  });

  it('never repeats a rejected password in the validation message', async () => {
    const bad = { body: { email: 'not-an-email', password: 'hunter2-secret' } };
    const error = await rejection(client().auth.login(bad));
    expect(error.code).toBe('invalid_request');
    expect(error.message).not.toContain('hunter2');
  });

  it("sends input main's dispatcher already checked as it is, without checking it a second time", async () => {
    server.handle(() => ({ status: 201, json: { id: 'thing-3', name: 'Gauze' } }));
    // Outside what the schema takes on purpose: only the absence of a second check lets it through.
    const parsed = checkedInput({ body: { name: 'Gauze', quantity: 0 } });
    await client().things.create(parsed as never);
    expect(server.requests[0]?.body).toEqual({ name: 'Gauze', quantity: 0 });
    // A wrapper that copies the input (a read cache, a gate) keeps the mark; the mark itself never reaches the wire.
    await client().things.create({ ...parsed } as never);
    expect(server.requests[1]?.body).toEqual({ name: 'Gauze', quantity: 0 });
    const error = await rejection(client().things.create({ body: { name: 'Gauze', quantity: 0 } }));
    expect(error.code).toBe('invalid_request');
  });

  it('raises invalid_response when the identity in the answer does not match the response schema', async () => {
    server.handle(() => ({ json: { id: 42 } }));
    const error = await rejection(client().things.get({ params: { thing_id: 'thing-1' } }));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', operation: 'things.get' });
    expect(error.message).toContain('id');
  });

  it('raises invalid_response when a success answer is not JSON', async () => {
    server.handle(() => ({ text: '<html>proxy login</html>' }));
    const error = await rejection(client().things.get({ params: { thing_id: 'thing-1' } }));
    expect(error.code).toBe('invalid_response');
  });
});

describe('credentials per operation', () => {
  it('sends the refresh token, not the access token, on a refresh operation', async () => {
    server.handle(() => ({ json: { access_token: 'access-token-new' } }));
    const tokens = memoryTokens('access-token-current-1');
    await client(tokens).auth.refresh();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer refresh-token-7d-0a1b2c3d');
  });

  it('sends no Authorization header on an operation with auth none', async () => {
    server.handle(() => ({ json: { access_token: 'a', refresh_token: 'r' } }));
    await client().auth.login({ body: { email: 'tech@pharmacy.example', password: 'pw' } });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('gets an access token first when the session only holds a refresh token', async () => {
    const tokens = memoryTokens(null);
    await client(tokens).things.get({ params: { thing_id: 'thing-1' } });
    expect(tokens.refreshes).toBe(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer access-token-renewed-1');
  });

  it('raises unauthenticated without sending when there is no refresh token', async () => {
    const tokens = memoryTokens('a');
    tokens.refreshTokenValue = null;
    const error = await rejection(client(tokens).auth.refresh());
    expect(error).toMatchObject({ status: 0, code: 'unauthenticated' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('errors from the service', () => {
  it("takes code and message from the service's error body", async () => {
    server.handle(() => ({ status: 404, json: serviceError('not_found', 'No order A-1001') }));
    const error = await rejection(client().things.get({ params: { thing_id: 'A-1001' } }));
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'No order A-1001',
      operation: 'things.get',
    });
    expect(error.body).toEqual({ error: 'not_found', message: 'No order A-1001' });
  });

  it('says plainly which status came back when there is no error body', async () => {
    server.handle(() => ({ status: 502, text: '<html>bad gateway</html>' }));
    const c = createServiceClient(testTable, {
      baseUrl: server.url,
      tokens: memoryTokens('t0k3n'),
      sleep: async () => {},
    });
    const error = await rejection(c.things.create({ body: { name: 'Gauze', quantity: 1 } }));
    expect(error.message).toBe('The service answered 502 Bad Gateway for things.create');
    expect(error).toMatchObject({ status: 502, code: 'bad_gateway', body: undefined });
  });

  it('reports an unreachable service as a network error with a plain message', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    const c = createServiceClient(testTable, { baseUrl: url, tokens: memoryTokens('t0k3n'), sleep: async () => {} });
    const error = await rejection(c.things.get({ params: { thing_id: 'thing-1' } }));
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect(error.message).toBe('Could not reach the service for things.get (ECONNREFUSED)');
  });

  it('refuses walk and page on an operation that is not paginated', async () => {
    const get = client().things.get as unknown as { walk: (input: unknown) => AsyncGenerator<unknown> };
    await expect(get.walk({ params: { thing_id: 'x' } }).next()).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
