// The three loopback servers that use the kit (the browser shell's bridge, the webhook listener, the training service),
// each real, given bodies and Host/Origin headers fast-check makes up: never a 5xx, every refusal in the server's own
// error shape, a Host or Origin refused exactly when the server's rule says so.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../../../contract/ipc/bridge.ts';
import { MAX_DELIVERY_BYTES } from '../../../../main/events/guard.ts';
import { goodHeaders, type Rig, SECRET, send as sendToListener, startRig } from '../../events/rig.ts';
import { type ShellRig, send as sendToShell, startShellRig } from '../../shells/browser/harness.ts';
import { type Harness, startHarness } from '../../training/harness.ts';

let shell: ShellRig;
let listener: Rig;
let training: Harness;
beforeAll(async () => {
  [shell, listener, training] = await Promise.all([startShellRig(), startRig(), startHarness()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([shell?.close(), listener?.close(), training?.close()]);
});

/** Bodies a hostile or broken sender might send: junk, bytes that are not UTF-8, JSON of any shape, padded past a limit. */
const hostileBody = (limit: number) =>
  fc.oneof(
    fc.string().map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
    fc.jsonValue().map((value) => Buffer.from(JSON.stringify({ input: value }))),
    // Nested past any sane depth (the bridge refuses past 64; 300,000 once made it answer 500).
    fc
      .integer({ min: 65, max: 300_000 })
      .map((depth) => Buffer.from(`{"input":${'['.repeat(depth)}${']'.repeat(depth)}}`)),
    fc.constantFrom(limit - 1, limit, limit + 1, limit * 2).map((size) => Buffer.alloc(size, 0x20)),
  );

const errorShape = { error: expect.any(String), message: expect.any(String) };
const ipcFailure = { ok: false, error: { code: expect.any(String), message: expect.any(String) } };

describe('hostile bodies get a clear 4xx in each server’s own shape, never a 5xx', () => {
  it('the bridge', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(BRIDGE_MAX_MESSAGE_BYTES), async (body) => {
        const answer = await sendToShell(shell.port, {
          method: 'POST',
          path: '/bridge/invoke/session:signIn',
          headers: { 'content-type': 'application/json', cookie: shell.cookie },
          body,
        });
        expect(answer.status).toBeLessThan(500);
        // 200 carries the station's own answer (an IpcResult); a refusal is one too.
        if (answer.status >= 400) expect(answer.json()).toEqual(ipcFailure);
        else expect(answer.json()).toEqual(expect.objectContaining({ ok: expect.any(Boolean) }));
        if (body.length > BRIDGE_MAX_MESSAGE_BYTES) expect(answer.status).toBe(413);
      }),
      { numRuns: 40 },
    );
  });

  it('the webhook listener', async () => {
    const inboxBefore = listener.db.get<{ n: number }>('SELECT count(*) AS n FROM inbox')?.n;
    await fc.assert(
      fc.asyncProperty(hostileBody(MAX_DELIVERY_BYTES), async (body) => {
        const answer = await sendToListener(listener.port, { headers: goodHeaders(listener.port), body });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(JSON.parse(answer.body)).toEqual(errorShape);
        if (body.length > MAX_DELIVERY_BYTES) expect(answer.status).toBe(413);
      }),
      { numRuns: 40 },
    );
    expect(listener.db.get<{ n: number }>('SELECT count(*) AS n FROM inbox')?.n).toBe(inboxBefore);
  });

  it('the training service', async () => {
    const tasksBefore = training.service.db.get<{ n: number }>('SELECT count(*) n FROM tasks')?.n;
    await fc.assert(
      fc.asyncProperty(hostileBody(1024 * 1024), async (body) => {
        const answer = await training.api('POST', '/api/v1/tasks', { rawBody: body.toString('latin1') });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toEqual(expect.objectContaining(errorShape));
      }),
      { numRuns: 40 },
    );
    expect(training.service.db.get<{ n: number }>('SELECT count(*) n FROM tasks')?.n).toBe(tasksBefore);
  });
});

/** Host and Origin values the way a rebinding page or another program could send them (header-safe characters). */
const hostileHeaders = (port: number) =>
  fc.record({
    host: fc
      .constantFrom('127.0.0.1', 'localhost', 'LocalHost', '[::1]', '127.0.0.2', 'evil.example', '127.0.0.1.nip.io')
      .chain((name) => fc.constantFrom(name, `${name}:${port}`, `${name}:${port + 1}`)),
    origin: fc.option(
      fc.constantFrom(
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        `http://127.0.0.1:${port + 1}`,
        'https://evil.example',
        'null',
      ),
      { nil: undefined },
    ),
  });

describe('each server refuses a Host or Origin exactly as its rule says', () => {
  it('the bridge: its port on 127.0.0.1 or localhost, its own page or no Origin', async () => {
    await fc.assert(
      fc.asyncProperty(hostileHeaders(shell.port), async ({ host, origin }) => {
        const answer = await sendToShell(shell.port, {
          path: '/bridge/events-nowhere',
          headers: { host, ...(origin ? { origin } : {}), cookie: shell.cookie },
        });
        const hostOk = [`127.0.0.1:${shell.port}`, `localhost:${shell.port}`].includes(host.toLowerCase());
        const originOk = origin === undefined || origin.endsWith(`:${shell.port}`);
        const expected = !hostOk ? 'forbidden_host' : !originOk ? 'forbidden_origin' : 'unknown_channel';
        expect(answer.json().error?.code).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('the listener: its port on the three loopback names, and no Origin at all', async () => {
    await fc.assert(
      fc.asyncProperty(hostileHeaders(listener.port), async ({ host, origin }) => {
        const answer = await sendToListener(listener.port, {
          path: '/nowhere',
          headers: { host, ...(origin ? { origin } : {}), authorization: `Bearer ${SECRET}` },
        });
        const hostOk = [`127.0.0.1:${listener.port}`, `localhost:${listener.port}`, `[::1]:${listener.port}`].includes(
          host.toLowerCase(),
        );
        expect(answer.status).toBe(hostOk && origin === undefined ? 404 : 403);
      }),
      { numRuns: 40 },
    );
  });

  it('the training service: loopback names on any port or none, and no Origin at all', async () => {
    const port = Number(new URL(training.url).port);
    await fc.assert(
      fc.asyncProperty(hostileHeaders(port), async ({ host, origin }) => {
        const answer = await sendToShell(port, {
          path: '/api/v1/nowhere',
          headers: { host, ...(origin ? { origin } : {}) },
        });
        const hostOk = /^(?:127\.0\.0\.[12]|localhost|\[::1\])(?::\d+)?$/i.test(host);
        expect(answer.status).toBe(hostOk && origin === undefined ? 404 : 403);
      }),
      { numRuns: 40 },
    );
  });
});
