// Benchmark: /search on the training service seeded with 100,000 orders — a name, a phone substring, an order number, a SKU, a quoted phrase — against GET /orders/{order_number} in the same run.
import { resolve } from 'node:path';
import { z } from 'zod';
import { order } from '../../contract/service/orders.ts';
import { patient } from '../../contract/service/patient-schemas.ts';
import { productCatalogue } from '../../contract/service/products.ts';
import { startChild } from './lib/child.ts';
import { runLoad } from './lib/load.ts';
import { compareToBaseline, report } from './lib/report.ts';

const ORDERS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 1000);
const BASELINE = 'GET /orders/{order_number} (baseline)';
const root = resolve(import.meta.dirname, '../..');

const started = performance.now();
const training = await startChild(
  [
    resolve(root, 'training/cli.ts'),
    ...['--port', '0', '--db', ':memory:', '--seed', '1', '--orders', String(ORDERS), '--quiet', '--paused'],
  ],
  /training service listening on (http:\/\/\S+)/,
);
// Seeding, then indexing the seeded records for search (done once, before the service listens).
const startSeconds = (performance.now() - started) / 1000;
console.log(`training service up with ${ORDERS} orders in ${startSeconds.toFixed(1)} s`);

try {
  const login = await fetch(`${training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  /** The answer at `path`, read through the contract's schema of it. */
  const getJson = async <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> => {
    const res = await fetch(`${training.url}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return schema.parse(await res.json());
  };
  const pages = async <S extends z.ZodType>(path: string, schema: S, count: number) => {
    const total = Number((await fetch(`${training.url}${path}?page_size=1`, { headers })).headers.get('x-total-count'));
    const items: z.output<S>[] = [];
    for (let i = 0; i < count; i++) {
      items.push(
        ...(await getJson(
          `${path}?page=${1 + Math.floor((i / count) * Math.floor(total / 50))}&page_size=50`,
          z.array(schema),
        )),
      );
    }
    return items;
  };

  // Real values spread over the whole data set: 500 patients and 1,000 orders; the SKUs of the general search.
  const patients = await pages('/api/v1/patients', patient, 10);
  const numbers: string[] = (await pages('/api/v1/orders', order, 20)).map((o) => o.order_number);
  const catalogue = await getJson('/api/v1/products', productCatalogue);
  const skus = [...catalogue.non_prescription!, ...catalogue.order_material!].map((p) => p.sku!);
  const pick = <T>(list: readonly T[], i: number) => list[Math.abs(i) % list.length] as T;
  const queries = {
    name: (i: number) => {
      const p = pick(patients, i);
      return `${p.first_name} ${p.last_name}`;
    },
    phone: (i: number) => pick(patients, i).phone!.slice(3, 9),
    number: (i: number) => pick(numbers, i),
    sku: (i: number) => pick(skus, i),
    phrase: (i: number) => `"${queries.name(i)}"`,
    lastName: (i: number) => pick(patients, i).last_name!.split('-')[0]!,
  };

  const searchOf = (find: (i: number) => string) => async (i: number) => {
    const res = await fetch(`${training.url}/api/v1/search?q=${encodeURIComponent(find(i))}`, { headers });
    const body = (await res.json()) as { results: unknown[] };
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.results.length === 0) throw new Error(`search for ${JSON.stringify(find(i))} found nothing`);
  };
  const load = { requests: REQUESTS, concurrency: 1 };
  const rows = [
    await runLoad(BASELINE, load, async (i) => {
      const res = await fetch(`${training.url}/api/v1/orders/${pick(numbers, i)}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
    }),
    await runLoad('search: a name (first and last)', load, searchOf(queries.name)),
    await runLoad('search: a phone substring (6 digits)', load, searchOf(queries.phone)),
    await runLoad('search: an order number', load, searchOf(queries.number)),
    await runLoad('search: a SKU', load, searchOf(queries.sku)),
    await runLoad('search: a quoted phrase (a full name)', load, searchOf(queries.phrase)),
    // Not a target row: one common word of a last name matches thousands of patients, the slow end of searching.
    await runLoad('search: one common last-name word (extra)', load, searchOf(queries.lastName)),
  ];
  report('search', compareToBaseline(rows, BASELINE), {
    orders: ORDERS,
    startSeconds: Math.round(startSeconds * 10) / 10,
    target: 'search p95 < 25 ms',
  });
} finally {
  training.child.kill('SIGTERM');
}
