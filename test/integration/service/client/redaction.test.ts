// No token leaves the client: not in error messages, error bodies, error stacks or log lines, even when echoed.
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceError } from '../../../../main/service/client/index.ts';
import { captureLogger, instantSleep, memoryTokens, testTable } from './fixtures.ts';
import { type Handler, startTestServer, type TestServer } from './test-server.ts';

/** Looks like nothing in particular: only the client's memory of its own tokens can catch it. */
const PLAIN_TOKEN = 'pl41n-acc3ss-t0k3n-9f8e7d';
/** A JWT the client has never seen: caught by its shape. */
const STRANGER_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLWJ5dGVz';

let server: TestServer | undefined;
afterEach(() => server?.close());

/** Everything the client surfaces about a failure, as one text. */
function surfaced(error: ServiceError, logs: unknown): string {
  return [
    error.message,
    String(error),
    error.stack,
    JSON.stringify(error),
    JSON.stringify(error.body),
    JSON.stringify(logs),
  ].join('\n');
}

async function failWith(handler: Handler, call: 'get' | 'refresh' = 'get') {
  server = await startTestServer(handler);
  const log = captureLogger();
  const tokens = memoryTokens(PLAIN_TOKEN);
  const client = createServiceClient(testTable, {
    baseUrl: server.url,
    tokens,
    logger: log.logger,
    sleep: instantSleep().sleep,
  });
  const promise = call === 'get' ? client.things.get({ params: { thing_id: 'thing-1' } }) : client.auth.refresh();
  const error = (await promise.catch((e: unknown) => e)) as ServiceError;
  return { error, log, tokens };
}

/** A careless service: it quotes the Authorization header it received back in the error body, in several places. */
const echoing: Handler = (request) => ({
  status: 403,
  json: {
    error: 'forbidden',
    message: `token ${request.headers.authorization} may not read this; raw ${String(request.headers.authorization).slice(7)}`,
    details: {
      authorization: request.headers.authorization,
      seen: [`${String(request.headers.authorization).slice(7)} again`, STRANGER_JWT],
      access_token: 'x',
      note: `other ${STRANGER_JWT}`,
    },
  },
});

describe('redaction of tokens', () => {
  it('no error message, error body or log line contains the token the service echoed back', async () => {
    const { error, log } = await failWith(echoing);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    const text = surfaced(error, log.lines);
    expect(text).not.toContain(PLAIN_TOKEN);
    expect(text).not.toContain(STRANGER_JWT);
    expect(error.message).toContain('may not read this');
    expect(error.body).toMatchObject({ details: { authorization: '[redacted]', access_token: '[redacted]' } });
  });

  it('no trace of the token after a renewal that also failed', async () => {
    const { error, log, tokens } = await failWith(echoing);
    const again = await failWith((request) => ({ ...echoing(request), status: 401 }));
    for (const [e, l] of [
      [error, log],
      [again.error, again.log],
    ] as const) {
      const text = surfaced(e, l.lines);
      expect(text).not.toContain(PLAIN_TOKEN);
      expect(text).not.toContain('access-token-renewed');
    }
    expect(tokens.refreshes).toBe(0);
    expect(again.tokens.refreshes).toBe(1);
  });

  it('the refresh token echoed by a failed refresh operation does not appear either', async () => {
    const { error, log, tokens } = await failWith((request) => ({ ...echoing(request), status: 401 }), 'refresh');
    expect(error.status).toBe(401);
    expect(surfaced(error, log.lines)).not.toContain(tokens.refreshTokenValue ?? 'unset');
  });

  it('log lines carry no headers and no bodies', async () => {
    const { log } = await failWith(echoing);
    expect(log.lines.length).toBeGreaterThan(0);
    for (const line of log.lines) {
      expect(Object.keys(line.fields).sort()).toEqual(
        expect.arrayContaining(['attempt', 'durationMs', 'method', 'operation', 'path', 'status']),
      );
      expect(JSON.stringify(line)).not.toMatch(/authorization|bearer|may not read/i);
    }
  });
});
