// Benchmark: the training service seeded with 100,000 orders — GET by number, a 200-order page, composite create — against a bare node:http server in the same run.
import { resolve } from 'node:path';
import { z } from 'zod';
import { order } from '../../contract/service/orders.ts';
import { prescriber as prescriberSchema } from '../../contract/service/prescribers.ts';
import { productCatalogue } from '../../contract/service/products.ts';
import { startChild } from './lib/child.ts';
import { runLoad } from './lib/load.ts';
import { compareToBaseline, report } from './lib/report.ts';

const ORDERS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 2000);
const root = resolve(import.meta.dirname, '../..');

const bare = await startChild([resolve(root, 'test/bench/lib/bare-server.ts')], /listening on (http:\/\/\S+)/);
const seedStarted = performance.now();
const training = await startChild(
  [
    resolve(root, 'training/cli.ts'),
    '--port',
    '0',
    '--db',
    ':memory:',
    '--seed',
    '1',
    '--orders',
    String(ORDERS),
    '--quiet',
    '--paused',
  ],
  /training service listening on (http:\/\/\S+)/,
);
const seedSeconds = (performance.now() - seedStarted) / 1000;
console.log(`training service up with ${ORDERS} orders in ${seedSeconds.toFixed(1)} s`);

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

  // Real identifiers to ask for: order numbers spread over the whole table, a prescriber, a product.
  const total = Number(
    (await fetch(`${training.url}/api/v1/orders?page_size=1`, { headers })).headers.get('x-total-count'),
  );
  const numbers: string[] = [];
  for (let i = 0; i < 20; i++) {
    const page = 1 + Math.floor((i / 20) * Math.floor(total / 50));
    for (const listed of await getJson(`/api/v1/orders?page=${page}&page_size=50`, z.array(order))) {
      numbers.push(listed.order_number);
    }
  }
  const prescriber = (await getJson('/api/v1/prescribers?page_size=1', z.array(prescriberSchema)))[0]!;
  const catalogue = await getJson('/api/v1/products', productCatalogue);
  const product = catalogue.prescription![0]!;

  const ok = async (res: Response, expected: number) => {
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`answered ${res.status}, expected ${expected}`);
  };
  const rows = [
    await runLoad('bare node:http, fixed JSON (baseline)', { requests: REQUESTS, concurrency: 1 }, async () =>
      ok(await fetch(bare.url), 200),
    ),
    await runLoad('GET /orders/{order_number}', { requests: REQUESTS, concurrency: 1 }, async (i) =>
      ok(await fetch(`${training.url}/api/v1/orders/${numbers[Math.abs(i) % numbers.length]}`, { headers }), 200),
    ),
    await runLoad('GET /orders/{order_number}, 8 at once', { requests: REQUESTS, concurrency: 8 }, async (i) =>
      ok(await fetch(`${training.url}/api/v1/orders/${numbers[Math.abs(i) % numbers.length]}`, { headers }), 200),
    ),
    await runLoad('GET /orders?page_size=200', { requests: Math.max(100, REQUESTS / 10), concurrency: 1 }, async (i) =>
      ok(await fetch(`${training.url}/api/v1/orders?page_size=200&page=${1 + (Math.abs(i) % 50)}`, { headers }), 200),
    ),
    await runLoad(
      'POST composite (patient, order, e-prescription)',
      { requests: Math.max(100, REQUESTS / 4), concurrency: 1, warmup: 20 },
      async (i) => {
        const body = {
          patient: { first_name: 'Bench', last_name: `Patient${i + 1_000_000}`, date_of_birth: '1980-02-03' },
          prescriber: { npi: prescriber.npi },
          order: { products: { prescription: [{ sku: product.sku, quantity: 1 }] } },
          electronic_prescription: {
            medications: [{ drug_name: 'Lisinopril', quantity: 30, directions: 'Take 1 tablet by mouth once daily' }],
          },
        };
        const res = await fetch(
          `${training.url}/api/v1/prescriptions/electronic_prescriptions/composite?force_new=true`,
          {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
        );
        if (res.status !== 201) throw new Error(`composite answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      },
    ),
  ];
  report('training', compareToBaseline(rows, 'bare node:http, fixed JSON (baseline)'), {
    orders: ORDERS,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    target: 'GET by number p99 < 5 ms',
  });
} finally {
  bare.child.kill('SIGTERM');
  training.child.kill('SIGTERM');
}
