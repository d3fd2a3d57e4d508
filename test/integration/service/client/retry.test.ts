// Retrying: Retry-After honoured (real time), 5xx and network errors retried only when repeating is safe, budgets.
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../../main/service/client/index.ts';
import { captureLogger, instantSleep, memoryTokens, serviceError, testTable } from './fixtures.ts';
import { type Handler, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer | undefined;
afterEach(() => server?.close());

const ok = { json: { id: 'thing-1', name: 'Gauze' } };
const created = { status: 201, json: { id: 'thing-2', name: 'Gauze' } };
const getThing = { params: { thing_id: 'thing-1' } };
const createThing = { body: { name: 'Gauze', quantity: 1 } };

/** Answers the scripted replies in turn, then the last one for ever. */
function script(...replies: ReturnType<Handler>[]): Handler {
  let n = 0;
  return () => replies[Math.min(n++, replies.length - 1)] ?? { status: 500 };
}

async function setup(handler: Handler, options: Partial<ServiceClientOptions> = {}) {
  server = await startTestServer(handler);
  const waits = instantSleep();
  const log = captureLogger();
  const client = createServiceClient(testTable, {
    baseUrl: server.url,
    tokens: memoryTokens('t0k3n-retry'),
    sleep: waits.sleep,
    logger: log.logger,
    ...options,
  });
  return { client, server, waits, log };
}

describe('Retry-After', () => {
  for (const status of [429, 503]) {
    it(`Retry-After: 2 on a ${status} is waited for before the retry arrives`, async () => {
      const times: number[] = [];
      const { client } = await setup(
        (request) => {
          times.push(performance.now());
          return times.length === 1
            ? { status, headers: { 'Retry-After': '2' }, json: serviceError('rate_limited', 'slow down') }
            : request.method === 'POST'
              ? created
              : ok;
        },
        { sleep: undefined },
      );
      // A POST without an Idempotency-Key: Retry-After means the request was not processed, so any method may retry.
      await expect(client.things.create(createThing)).resolves.toMatchObject({ id: 'thing-2' });
      expect(times).toHaveLength(2);
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1900);
    });
  }

  it('reads Retry-After as an HTTP date and caps a long one', async () => {
    const now = Date.parse('2025-03-16T12:00:00Z');
    const { client, waits } = await setup(
      script(
        { status: 503, headers: { 'Retry-After': 'Sun, 16 Mar 2025 12:00:07 GMT' } },
        { status: 429, headers: { 'Retry-After': '3600' } },
        ok,
      ),
      { now: () => now },
    );
    await client.things.get(getThing);
    expect(waits.waits).toEqual([7000, 60_000]);
  });

  it('keeps the requested wait on the error when retries run out', async () => {
    const { client, server } = await setup(() => ({ status: 429, headers: { 'Retry-After': '1' } }));
    await expect(client.things.get(getThing)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterMs: 1000,
    });
    expect(server.requests).toHaveLength(3);
  });
});

describe('retrying server errors and network failures', () => {
  it('a 500 on a GET is retried and succeeds on the second try', async () => {
    const { client, server, waits } = await setup(script({ status: 500 }, ok));
    await expect(client.things.get(getThing)).resolves.toMatchObject({ id: 'thing-1' });
    expect(server.requests).toHaveLength(2);
    expect(waits.waits).toHaveLength(1);
    expect(waits.waits[0]).toBeLessThan(200);
  });

  it('a 500 on a POST without an Idempotency-Key is not retried: the server sees exactly one request', async () => {
    const { client, server } = await setup(script({ status: 500, json: serviceError('internal', 'boom') }, created));
    await expect(client.things.create(createThing)).rejects.toMatchObject({ status: 500, code: 'internal' });
    expect(server.requests).toHaveLength(1);
  });

  it('a POST with an Idempotency-Key is retried with the same key', async () => {
    const { client, server } = await setup(script({ status: 500 }, created));
    await expect(client.things.create({ ...createThing, idempotencyKey: 'create-thing-42' })).resolves.toMatchObject({
      id: 'thing-2',
    });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['create-thing-42', 'create-thing-42']);
  });

  it('gives up after three attempts with growing, jittered waits', async () => {
    const { client, server, waits } = await setup(() => ({ status: 502 }), { random: () => 0.999 });
    await expect(client.things.get(getThing)).rejects.toMatchObject({ status: 502, code: 'bad_gateway' });
    expect(server.requests).toHaveLength(3);
    expect(waits.waits).toEqual([199, 399]);
  });

  it('does not retry a 4xx other than 429', async () => {
    const { client, server } = await setup(() => ({ status: 404, json: serviceError('not_found', 'No such thing') }));
    await expect(client.things.get(getThing)).rejects.toMatchObject({ status: 404 });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET after the connection drops', async () => {
    const { client, server } = await setup(script({ hangUp: true }, ok));
    await expect(client.things.get(getThing)).resolves.toMatchObject({ id: 'thing-1' });
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a POST without a key after the connection drops', async () => {
    const { client, server } = await setup(script({ hangUp: true }, created));
    await expect(client.things.create(createThing)).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(server.requests).toHaveLength(1);
  });

  it('an outage does not become a retry storm: retries stay within the budget', async () => {
    const { client, server } = await setup(() => ({ status: 503 }));
    const calls = 50;
    for (let i = 0; i < calls; i += 1) await client.things.get(getThing).catch(() => undefined);
    // Without a budget: 150 requests. With it: 50 + the floor (10) + 20% of 50.
    expect(server.requests.length).toBeLessThanOrEqual(calls + 10 + calls * 0.2);
    expect(server.requests.length).toBeGreaterThan(calls);
  });
});

describe('timeouts and cancellation', () => {
  it('times out a slow answer, retries a GET, and raises timeout', async () => {
    // The answer comes ten times later than the limit; the limit leaves a loaded machine time to send each try.
    const { client, server } = await setup(() => ({ ...ok, delayMs: 5_000 }), { timeoutMs: 500 });
    await expect(client.things.get(getThing)).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'The service did not answer things.get within 0.5 s',
    });
    // Had the client waited for the slow answers, the call would have succeeded: the timeout is what ended it. The
    // server may read a try after the client gave up on it: wait for the three to arrive, not for a duration.
    await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBe(3);
  });

  it('times out a POST without a key once, without retrying', async () => {
    const { client, server } = await setup(() => ({ ...created, delayMs: 5_000 }), { timeoutMs: 500 });
    await expect(client.things.create(createThing)).rejects.toMatchObject({ code: 'timeout' });
    // The one try may reach the server after the client gave up on it: wait for it to arrive, then count.
    await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(server.requests).toHaveLength(1);
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    const controller = new AbortController();
    // The caller gives up once the request has reached the server (a state, not a guess at how long that takes).
    const { client, server } = await setup(() => {
      setImmediate(() => controller.abort());
      return { ...ok, delayMs: 400 };
    });
    await expect(client.things.get({ ...getThing, signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('logs method, path template, status, duration and attempt for each send', async () => {
    const { client, log } = await setup(script({ status: 500 }, ok));
    await client.things.get({ params: { thing_id: 'A-1001' } });
    const sends = log.lines.filter((l) => l.message === 'service call');
    expect(sends.map((l) => [l.fields.method, l.fields.path, l.fields.status, l.fields.attempt])).toEqual([
      ['GET', '/api/v1/things/{thing_id}', 500, 1],
      ['GET', '/api/v1/things/{thing_id}', 200, 2],
    ]);
    expect(typeof sends[0]?.fields.durationMs).toBe('number');
    expect(JSON.stringify(log.lines)).not.toContain('A-1001');
  });
});
