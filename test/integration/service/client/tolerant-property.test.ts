// Property: real answers of the training service (orders, patients, prescriptions, products, lots, tasks, reports),
// mutated anywhere but their identity, come back through the real client with every identity the mutation did not
// touch; a mutated identity is a clear refusal. Never a crash. Answers are served over real HTTP on 127.0.0.1.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../../contract/service/operations.ts';
import {
  createDriftLog,
  createServiceClient,
  type DriftLog,
  isServiceError,
} from '../../../../main/service/client/index.ts';
import { seedDemoData } from '../../../../training/index.ts';
import { type Harness, startHarness } from '../../training/harness.ts';
import { instantSleep, memoryTokens } from './fixtures.ts';
import {
  applied,
  fieldMutation,
  identitiesOf,
  identityMutation,
  type Json,
  type Mutation,
  survivingIdentities,
} from './mutations.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Runs per operation family for field mutations (the brief: at least 500), and for identity mutations. */
const FIELD_RUNS = 500;
const IDENTITY_RUNS = 60;

let training: Harness;
let server: TestServer;
let answer: Json = null;

interface Family {
  name: string;
  /** The real answer, read from the training service. */
  record: Json;
  /** The answer's own identity keys (none for the catalogue and the report: their records are inside). */
  identity: string[];
  call: () => Promise<unknown>;
  /** This family's own count of what was read differently (one log each, so no family crowds out another). */
  drift: DriftLog;
}
const families: Family[] = [];

async function real(path: string): Promise<Json> {
  const read = await training.api('GET', path);
  if (read.status !== 200) throw new Error(`${path} answered ${read.status}`);
  return read.body as Json;
}

beforeAll(async () => {
  training = await startHarness();
  training.service.db.transaction(() =>
    seedDemoData(training.service.db, { seed: 7, orders: 30, now: training.clock.now }),
  );
  server = await startTestServer(() => ({ json: answer }));
  const clientWith = (drift: DriftLog) =>
    createServiceClient(operations, {
      baseUrl: server.url,
      tokens: memoryTokens('property-access-token'),
      drift,
      sleep: instantSleep().sleep,
    });
  const family = (
    name: string,
    record: Json,
    identity: string[],
    call: (client: ReturnType<typeof clientWith>) => Promise<unknown>,
  ): Family => {
    const drift = createDriftLog();
    const client = clientWith(drift);
    return { name, record, identity, drift, call: () => call(client) };
  };
  const first = async (path: string) => ((await real(path)) as { id: string }[])[0] as { id: string };
  const orderId = (await first('/api/v1/orders?page_size=1')).id;
  const patientId = (await first('/api/v1/patients?page_size=1')).id;
  const prescriptionId = (await first('/api/v1/prescriptions?page_size=1')).id;
  const lots = (await real('/api/v1/products/inventory')) as Record<string, { id: string }[]>;
  const lotId = (Object.values(lots).flat()[0] as { id: string }).id;
  const taskId = (await first('/api/v1/tasks?page_size=1')).id;
  families.push(
    family('orders', await real(`/api/v1/orders/${orderId}`), ['id', 'order_number'], (c) =>
      c.orders.get({ params: { order_id: orderId } }),
    ),
    family('patients', await real(`/api/v1/patients/${patientId}`), ['id'], (c) =>
      c.patients.get({ params: { patient_id: patientId } }),
    ),
    family('prescriptions', await real(`/api/v1/prescriptions/${prescriptionId}?include_all=true`), ['id'], (c) =>
      c.prescriptions.get({ params: { prescription_id: prescriptionId }, query: { include_all: true } }),
    ),
    family('products', await real('/api/v1/products'), [], (c) => c.products.list()),
    family('lots', await real(`/api/v1/products/inventory/${lotId}`), ['id'], (c) =>
      c.inventory.get({ params: { lot_id: lotId } }),
    ),
    family('tasks', await real(`/api/v1/tasks/${taskId}`), ['id'], (c) => c.tasks.get({ params: { task_id: taskId } })),
    family('reports', await real('/api/v1/reports/orders?include=status,count,products'), [], (c) =>
      c.reports.orders({ query: { include: 'status,count,products' } }),
    ),
  );
}, 30_000);

afterAll(async () => {
  await server?.close();
  await training?.close();
});

/** The client's reading of `body`: the value, or the error it raised (anything but a ServiceError is a crash). */
async function readThrough(
  family: Family,
  body: Json,
): Promise<{ ok: true; value: unknown } | { ok: false; error: Error }> {
  answer = body;
  try {
    return { ok: true, value: await family.call() };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { ok: false, error };
  }
}

const describeMutation = (m: Mutation) => `${m.why} at ${m.path.join('.')}${m.kind === 'extra' ? `.${m.key}` : ''}`;

describe('a real answer with any field but its identity mutated still comes back with its identity', () => {
  for (const name of ['orders', 'patients', 'prescriptions', 'products', 'lots', 'tasks', 'reports']) {
    it(`${name}: ${FIELD_RUNS} mutations of type, null, missing, extra, enum text and timestamp spelling`, async () => {
      const family = families.find((f) => f.name === name) as Family;
      expect(identitiesOf(family.record).length, 'the real answer carries identities').toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fieldMutation(family.record, family.identity), async (mutation) => {
          const read = await readThrough(family, applied(family.record, mutation));
          if (!read.ok) throw new Error(`${describeMutation(mutation)} was refused: ${read.error.message}`);
          const value = read.value as Record<string, unknown>;
          for (const key of family.identity) expect(value[key]).toBe((family.record as Record<string, Json>)[key]);
          expect(identitiesOf(value)).toEqual(expect.arrayContaining(survivingIdentities(family.record, mutation)));
        }),
        { numRuns: FIELD_RUNS },
      );
      expect(family.drift.entries().length, 'what was read differently is counted').toBeGreaterThan(0);
      expect(family.drift.entries().every((entry) => entry.kind !== 'refused')).toBe(true);
    });
  }
});

describe('an answer whose own identity is unreadable is refused with a clear message', () => {
  for (const name of ['orders', 'patients', 'prescriptions', 'lots', 'tasks']) {
    it(`${name}: ${IDENTITY_RUNS} identity mutations, each a refusal naming the field, never a value`, async () => {
      const family = families.find((f) => f.name === name) as Family;
      await fc.assert(
        fc.asyncProperty(identityMutation(family.identity), async (mutation) => {
          const read = await readThrough(family, applied(family.record, mutation));
          expect(read.ok, describeMutation(mutation)).toBe(false);
          if (read.ok) return;
          const key = String(mutation.path[0]);
          expect(read.error.message).toMatch(
            new RegExp(`^The service's answer to \\w+\\.\\w+ cannot be shown: ${key} (is missing|was .+)$`),
          );
          expect(read.error.message).not.toContain(String((family.record as Record<string, Json>)[key]));
        }),
        { numRuns: IDENTITY_RUNS },
      );
      expect(family.drift.entries().filter((entry) => entry.kind === 'refused').length).toBeGreaterThan(0);
    });
  }
});
