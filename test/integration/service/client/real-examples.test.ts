// Every documented payload of the real service (../shared/spec/real-examples, read now) replayed over real HTTP through
// the real client: each record comes back with its identity, and what had to be coerced or dropped is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDelivery } from '../../../../contract/service/notifications.ts';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { operations } from '../../../../contract/service/operations.ts';
import {
  checkedInput,
  createDriftLog,
  createServiceClient,
  type DriftLog,
  isServiceError,
  readTolerantly,
} from '../../../../main/service/client/index.ts';
import type { RealExample } from '../../../replay/real-examples.ts';
import { type ReplayServer, startReplayServer } from '../../../replay/replay-server.ts';
import { instantSleep, memoryTokens } from './fixtures.ts';

let replay: ReplayServer;
let drift: DriftLog;
let client: ReturnType<typeof createServiceClient<typeof operations>>;

beforeAll(async () => {
  replay = await startReplayServer();
  drift = createDriftLog();
  client = createServiceClient(operations, {
    baseUrl: replay.url,
    tokens: memoryTokens('replay-access-token'),
    drift,
    sleep: instantSleep().sleep,
  });
});
afterAll(() => replay.close());

const KEYS = new Set(['id', 'order_number', 'product_id', 'entity_id', 'event_code', 'access_token', 'refresh_token']);

/** Every identifying value in an answer (ids, order numbers, codes, tokens), sorted: what must survive the reading. */
function identities(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) identities(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (KEYS.has(key) && typeof item === 'string') out.push(`${key}=${item}`);
      else identities(item, out);
    }
  }
  return out.sort();
}

const DOCUMENTED_ID = '0227d1e5-ba9a-42b5-8fe2-38882aa65708';

/** The operation's path parameters from the documented path; a `{placeholder}` there gets the documented ids. */
function paramsOf(example: RealExample, operation: AnyOperation): Record<string, string> {
  const template = operation.path.split('/');
  const documented = example.path.startsWith('/api/') ? example.path.split('/') : template;
  const params: Record<string, string> = {};
  template.forEach((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return;
    const given = documented[index] ?? '';
    const named = example.pathParams[name] ?? (name === 'entity_type' ? 'user' : DOCUMENTED_ID);
    params[name] = /^\{\w+\}$/.test(given) ? named : given;
  });
  return params;
}

/** The documented call, sent as documented: this suite is about reading answers, so the request is not re-checked. */
function replayCall(example: RealExample): Promise<unknown> {
  const operation = example.operation as AnyOperation;
  const [domain, verb] = operation.name.split('.') as [string, string];
  const call = (client as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[domain]?.[
    verb
  ] as (input: unknown) => Promise<unknown>;
  const body = typeof example.requestBody === 'object' ? example.requestBody : undefined;
  return call(checkedInput({ params: paramsOf(example, operation), ...(body ? { body } : {}) }));
}

describe('every documented answer of the real service, through the real client', () => {
  it('finds a file for each answer the station reads, read from ../shared/spec/real-examples now', () => {
    expect(replay.examples.length).toBeGreaterThanOrEqual(26);
    expect(replay.examples.filter((e) => e.operation === null).map((e) => e.file)).toEqual([
      'webhook-delivery-order-created.json',
    ]);
  });

  it('reads each answer with every identity it carries, or refuses only an answer without one', async () => {
    const outcomes: string[] = [];
    for (const example of replay.examples.filter((e) => e.operation !== null)) {
      const expected = identities(example.body);
      const answer = await replayCall(example).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      if (answer.ok) {
        expect(identities(answer.value), example.file).toEqual(expected);
        outcomes.push(`${example.file}: read`);
        continue;
      }
      // Refused: only because the documented record itself carries no id, and the message says so.
      expect(isServiceError(answer.error), example.file).toBe(true);
      expect((answer.error as Error).message, example.file).toBe(
        `The service's answer to ${example.operation?.name} cannot be shown: id is missing`,
      );
      expect(
        identities(example.body).filter((key) => key.startsWith('id=')),
        example.file,
      ).toEqual([]);
      outcomes.push(`${example.file}: refused`);
    }
    expect(outcomes.filter((o) => o.endsWith('refused'))).toEqual(['non-prescription-inventory-create.json: refused']);
  });

  it('reads the webhook delivery the way the listener does', () => {
    const delivery = replay.examples.find((e) => e.operation === null) as RealExample;
    const read = readTolerantly(webhookDelivery, delivery.body);
    expect(read.ok && identities(read.value)).toEqual(identities(delivery.body));
  });

  it('opens the documented order by its number, with its patient, products and status', async () => {
    const order = await client.orders.get({ params: { order_id: 'ORD250312003548IAU4' } });
    expect(order.id).toBe(DOCUMENTED_ID);
    expect(order.order_number).toBe('ORD250312003548IAU4');
    expect(order.patient?.last_name).toBe('Donnelly');
    expect(order.products?.prescription?.map((p) => [p.name, p.formula_id, p.quantity])).toEqual([
      ['Mupirocin', '826271167', 2],
    ]);
    expect([order.status, order.status_code, order.status_name]).toEqual(['received', 'N01', 'Received']);
  });

  it('reads the catalogue whose products carry a numeric formula_id, and the lot list', async () => {
    const catalogue = await client.products.list();
    expect(catalogue.prescription?.map((p) => p.name)).toEqual(['Mupirocin']);
    const lots = await client.inventory.list();
    expect(lots.prescription?.map((lot) => lot.id)).toEqual([DOCUMENTED_ID]);
  });

  it('counts each field it had to read differently, by operation and path, without a value', () => {
    const seen = drift.entries().map((e) => `${e.operation}: ${e.path} was ${e.was} (${e.kind})`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'orders.get: products.prescription[].formula_id was a number (coerced)',
        'orders.list: [].products.prescription[].formula_id was a number (coerced)',
        'products.list: prescription[].formula_id was a number (coerced)',
        'inventory.productInventory: [] was a record whose id is missing (dropped)',
        'inventory.createProductInventory: (answer) was id is missing (refused)',
      ]),
    );
    expect(JSON.stringify(drift.entries())).not.toMatch(/826271167|Donnelly|Mupirocin/);
  });
});
