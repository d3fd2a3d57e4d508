// A hostile service over real loopback HTTP: an answer past the limit (declared, or streamed without end) is refused
// with a message naming the operation, read no further than the limit and never retried; an answer nesting past 64
// levels is a clear refusal, never a crash; nesting within the limit still reads.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../../contract/service/operations.ts';
import { createServiceClient, ServiceError } from '../../../../main/service/client/index.ts';
import { memoryTokens } from './fixtures.ts';

type Behaviour = 'declared_huge' | 'endless' | 'deep' | 'deep_error';
let behaviour: Behaviour = 'endless';
let requests = 0;
/** Bytes the hostile service got out before the client hung up, per request. */
let bytesSent = 0;
let server: Server;
let url: string;
const MIB = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 0x20);

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    bytesSent = 0;
    req.resume();
    if (behaviour === 'declared_huge') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * MIB) });
      res.write('{"id":"');
      return;
    }
    if (behaviour === 'deep' || behaviour === 'deep_error') {
      const body = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
      res.writeHead(behaviour === 'deep' ? 200 : 422, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    // Endless: chunks as fast as the client reads them, until it hangs up.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"id":"x","padding":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) bytesSent += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (maxAnswerBytes?: number) =>
  createServiceClient(operations, {
    baseUrl: url,
    tokens: memoryTokens('access-token-1'),
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
  });

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('service answers are bounded', () => {
  it('refuses an answer declared at 300 MB before reading it, naming the operation and the default 32 MiB limit', async () => {
    behaviour = 'declared_huge';
    requests = 0;
    const error = await refusal(client().orders.get({ params: { order_id: 'order-1' } }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(
      "The service's answer to orders.get is larger than 32 MiB and was refused (the limit is the setting serviceAnswerLimitMiB)",
    );
    expect(requests).toBe(1);
  });

  it('stops reading an endless answer at the limit and hangs up; it is not asked again', async () => {
    behaviour = 'endless';
    requests = 0;
    const error = await refusal(client(MIB).orders.get({ params: { order_id: 'order-1' } }));
    expect(error.message).toContain('orders.get is larger than 1 MiB');
    expect(requests).toBe(1);
    // What the service got out is the limit plus what sat in the sockets' buffers, not the hundreds of MB it offered.
    await expect.poll(() => bytesSent).toBeLessThan(16 * MIB);
  });

  it('refuses an answer nested 300,000 deep with a clear message, for a success and an error answer alike', async () => {
    behaviour = 'deep';
    const error = await refusal(client().orders.get({ params: { order_id: 'order-1' } }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe("The service's answer to orders.get cannot be shown: it nests deeper than 64 levels");
    behaviour = 'deep_error';
    const failed = await refusal(client().orders.get({ params: { order_id: 'order-1' } }));
    expect(failed.status).toBe(422);
    expect(failed.message).not.toMatch(/\[\[\[/);
  });
});

describe('the depth measure', () => {
  it('is the nesting of any JSON value, brackets inside strings not counted', async () => {
    const { jsonDepth } = await import('../../../../kits/json/bounded-json.ts');
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value as Record<string, unknown>).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonDepth(JSON.stringify(value))).toBe(depthOf(value));
      }),
      { numRuns: 500 },
    );
    expect(jsonDepth('["[[[[", {"a\\"[": "]"}]')).toBe(2);
  });
});
