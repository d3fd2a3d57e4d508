// Property: malformed and hostile requests to any operation never cause a 5xx, and a refused request changes no stored data.
import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operationList, operations as operationTable } from '../../../contract/service/operations.ts';
import { createServiceClient, isServiceError } from '../../../main/service/client/index.ts';
import { TRAINING_PASSWORD } from '../../../training/auth/users.ts';
import { seedDemoData } from '../../../training/demo/generator.ts';
import { type Harness, startHarness } from './harness.ts';
import { identifierPools, mutated, validBodies } from './hostile-examples.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 1200);

let h: Harness;
let knownIds: string[] = [];
let pools: Record<string, string[]> = {};
let examples: Record<string, unknown> = {};
beforeAll(async () => {
  h = await startHarness();
  h.service.db.transaction(() => seedDemoData(h.service.db, { seed: 11, orders: 25, now: h.clock.now }));
  const ids = h.service.db.all<{ id: string }>(
    'SELECT id FROM orders UNION ALL SELECT order_number FROM orders UNION ALL SELECT id FROM patients UNION ALL SELECT npi FROM prescribers UNION ALL SELECT id FROM products UNION ALL SELECT id FROM inventory_lots UNION ALL SELECT id FROM tasks UNION ALL SELECT id FROM electronic_prescriptions UNION ALL SELECT id FROM prescriptions',
  );
  knownIds = ids.map((r) => r.id);
  pools = identifierPools(h.service.db);
  examples = validBodies(h.service.db);
});
afterAll(() => h.close());

/** A fingerprint of every stored row, so any change to stored data shows. */
/**
 * What the service's connection has written so far: SQLite's total_changes() (every row an INSERT, UPDATE or DELETE
 * touched, those of triggers included) and the schema's version (a table created, altered or dropped). When neither
 * has moved, no table changed, and the fingerprint need not be taken again. (The service has this one connection.)
 */
const written = () =>
  JSON.stringify(
    h.service.db.all('SELECT total_changes() AS rows, schema_version AS schema FROM pragma_schema_version'),
  );

function fingerprint(): string {
  const hash = createHash('sha256');
  // Ordinary tables only: a search index's virtual and shadow tables are derived from them.
  const tables = h.service.db.all<{ name: string }>(
    "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const { name } of tables) {
    hash.update(name);
    hash.update(JSON.stringify(h.service.db.all(`SELECT * FROM "${name}" ORDER BY rowid`)));
  }
  return hash.digest('hex');
}

const nasty = fc.constantFrom(
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '🧪💊',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  ' ',
  '\\',
  '%',
  'a'.repeat(5000),
  'ǅ\u202Eevil',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(text, scalar, { maxKeys: 4 }),
);

function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodArray) return keysOf(schema.element as z.ZodType);
  return [];
}

function requestFor(op: AnyOperation) {
  // Mostly stored identifiers of the right kind, so requests reach records; sometimes anything at all.
  const idFor = (key: string): fc.Arbitrary<string> =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...(pools[key]?.length ? (pools[key] as string[]) : knownIds)), weight: 4 },
      { arbitrary: fc.oneof(text, fc.uuid(), fc.constantFrom(...knownIds)), weight: 1 },
    );
  const params = fc.record(
    Object.fromEntries(keysOf(op.params).map((k) => [k, idFor(k)])) as Record<string, fc.Arbitrary<string>>,
  );
  const queryKeys = [...keysOf(op.query), 'unexpected'];
  const query = fc.oneof(
    { arbitrary: fc.constant({} as Record<string, string>), weight: 2 },
    {
      arbitrary: fc.dictionary(fc.constantFrom(...queryKeys), fc.oneof(text, fc.integer().map(String)), { maxKeys: 3 }),
      weight: 1,
    },
  );
  const bodyKeys = keysOf(op.body);
  const shapedObject = bodyKeys.length
    ? fc.dictionary(fc.oneof(fc.constantFrom(...bodyKeys), text), value, { maxKeys: bodyKeys.length + 1 })
    : fc.dictionary(text, value, { maxKeys: 3 });
  const example = examples[op.name];
  const body = fc.oneof(
    ...(example === undefined
      ? []
      : [{ arbitrary: mutated(example, value).map((json) => ({ kind: 'json' as const, json })), weight: 6 }]),
    fc.constant({ kind: 'none' as const }),
    fc
      .constantFrom('{', '{"a":', '[1,2', 'nul', '\u0000', '{"__proto__":{"x":1}}')
      .map((raw) => ({ kind: 'raw' as const, raw })),
    value.map((json) => ({ kind: 'json' as const, json })),
    shapedObject.map((json) => ({ kind: 'json' as const, json })),
    (op.body instanceof z.ZodArray ? fc.array(shapedObject, { maxLength: 3 }) : fc.constant([])).map((json) => ({
      kind: 'json' as const,
      json,
    })),
    fc.constant({ kind: 'raw' as const, raw: `{"x":"${'y'.repeat(1_100_000)}"}` }),
  ) as fc.Arbitrary<{ kind: 'none' } | { kind: 'raw'; raw: string } | { kind: 'json'; json: unknown }>;
  const as = fc.constantFrom('admin' as const, 'admin' as const, 'admin' as const, 'technician' as const, null);
  return fc.record({ params, query, body, as });
}

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  h.api('POST', '/api/v1/auth/login', { as: null, body: { email, password }, headers });

describe('hostile requests aimed at sign-in, bodies and paths', () => {
  it('login and refresh ignore Idempotency-Key: each answer has fresh tokens and no answer with a token is stored', async () => {
    const headers = { 'Idempotency-Key': `replay-${randomUUID()}` };
    const first = await login('pharmacist@training.local', TRAINING_PASSWORD, headers);
    const second = await login('pharmacist@training.local', TRAINING_PASSWORD, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const refresh = () => h.api('POST', '/api/v1/auth/refresh', { token: first.body.refresh_token, headers });
    const [r1, r2] = [await refresh(), await refresh()];
    expect(r1.status).toBe(200);
    expect(r2.body.access_token).not.toBe(r1.body.access_token);
    const stored = h.service.db.all<{ answer: string }>('SELECT answer FROM idempotency_keys');
    expect(stored.filter((row) => /access_token|refresh_token|eyJ/.test(row.answer))).toEqual([]);
  });

  it('a client that walks away mid-body gets no 5xx and leaves no error line', async () => {
    const port = new URL(h.url).port;
    const seen = h.logged.length;
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const head = [
      'POST /api/v1/tasks HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${h.tokens.admin}`,
      'Content-Type: application/json',
      'Content-Length: 4000',
      '',
      '',
    ].join('\r\n');
    socket.write(`${head}{"name":"Cut off`);
    socket.destroy();
    const answered = () => h.logged.slice(seen).find((entry) => entry.method === 'POST' && 'status' in entry);
    await expect.poll(answered).toBeDefined();
    expect(answered()?.status).toBeLessThan(500);
    expect(h.logged.slice(seen).filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('thirty wrong passwords in a row make the account wait (429 with Retry-After), the right one too; others do not', async () => {
    const email = 'pharmacist@training.local';
    const answers: number[] = [];
    let waited: Awaited<ReturnType<typeof login>> | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await login(email, `guess-${i}`);
      answers.push(res.status);
      if (res.status === 429) waited = res;
    }
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);
    expect(Number(waited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(waited?.body).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/try again in/) });
    // Even the right password waits: guessing cannot go on at full speed.
    expect((await login(email, TRAINING_PASSWORD)).status).toBe(429);
    expect((await login('PHARMACIST@training.local', TRAINING_PASSWORD)).status).toBe(429);
    expect((await login('technician@training.local', TRAINING_PASSWORD)).status).toBe(200);
    // After the wait (the service's wall clock moved on) the right password signs in and clears the count.
    h.clock.advance(Number(waited?.headers.get('retry-after')) * 1000);
    expect((await login(email, TRAINING_PASSWORD)).status).toBe(200);
    expect((await login(email, 'one-more-typo')).status).toBe(401);
    // Thirty sent at once are judged in turn, not all before the first failure counts.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login('nobody@training.local', `b-${i}`)));
    expect(burst.filter((res) => res.status === 401)).toHaveLength(5);
  });

  it('the station client refuses "." and ".." as a path parameter with a clear message, and sends nothing', async () => {
    const client = createServiceClient(operationTable, {
      baseUrl: h.url,
      tokens: { accessToken: () => h.tokens.admin, refreshToken: () => null, refresh: async () => {} },
    });
    for (const id of ['.', '..']) {
      const seen = h.logged.length;
      const refused = await client.orders.get({ params: { order_id: id } }).catch((error: unknown) => error);
      expect(isServiceError(refused) && refused.code).toBe('invalid_request');
      expect((refused as Error).message).toContain(`order_id may not be "${id}"`);
      const updated = await client.tasks
        .update({ params: { task_id: id }, body: { status_code: 'S03' } } as never)
        .catch((error: unknown) => error);
      expect(isServiceError(updated) && updated.code).toBe('invalid_request');
      expect(h.logged.slice(seen).filter((entry) => 'status' in entry)).toEqual([]);
    }
  });
});

describe('hostile input to the training service', () => {
  it(`answers ${RUNS} malformed and hostile requests across the operations with no 5xx and no change after a 4xx`, async () => {
    const handled = operationList.filter((op) => h.service.handled.includes(op.name));
    expect(handled.length).toBeGreaterThan(10);
    const byName = new Map(handled.map((op) => [op.name, op]));
    // Cases carry the operation's name, so a counterexample prints as a request, not as a schema.
    // Writes with a valid example to mutate are drawn more often: that is where handlers meet hostile data.
    const names = [...byName.keys()].flatMap((n) => (examples[n] === undefined ? [n] : [n, n, n]));
    const cases = fc
      .constantFrom(...names)
      .chain((name) => requestFor(byName.get(name) as AnyOperation).map((request) => ({ name, request })));
    let before = fingerprint();
    let writes = written();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ name, request }) => {
        const op = byName.get(name) as AnyOperation;
        // fetch cannot send a body with GET; a GET's body is ignored by the service anyway.
        const body = op.method === 'GET' ? { kind: 'none' as const } : request.body;
        let path = op.path;
        for (const [key, v] of Object.entries(request.params)) path = path.replace(`{${key}}`, encodeURIComponent(v));
        const search = new URLSearchParams(request.query).toString();
        const res = await h.api(op.method, `${path}${search ? `?${search}` : ''}`, {
          as: request.as,
          ...(body.kind === 'raw' ? { rawBody: body.raw } : {}),
          ...(body.kind === 'json' ? { body: body.json } : {}),
        });
        expect(
          res.status,
          `${op.name} answered ${res.status}: ${JSON.stringify(res.body)?.slice(0, 300)}`,
        ).toBeLessThan(500);
        expect(res.body === undefined || typeof res.body === 'object').toBe(true);
        const after = written() === writes ? before : fingerprint();
        if (res.status >= 400) {
          refused++;
          expect(typeof res.body.message).toBe('string');
          expect(after, `${op.name} changed stored data while answering ${res.status}`).toBe(before);
        }
        before = after;
        writes = written();
      }),
      { numRuns: RUNS },
    );
    // The property is only worth something if most requests are refused for their content, not waved through.
    expect(refused).toBeGreaterThan(RUNS * 0.5);
  }, 240_000);
});
