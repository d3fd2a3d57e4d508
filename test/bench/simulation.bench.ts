// Benchmark: GET by number on the training service with 100,000 orders, paused and then with the simulation running at 3600 (an
// hour a second, every tick at its limit), next to a bare node:http server; also how many orders the simulation moved meanwhile.
import { resolve } from 'node:path';
import { z } from 'zod';
import { order } from '../../contract/service/orders.ts';
import { startChild } from './lib/child.ts';
import { runLoad } from './lib/load.ts';
import { compareToBaseline, report } from './lib/report.ts';

const ORDERS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 3000);
/** A database file to run on (seeded on first use, then reused and changed by the run); in memory by default. */
const DB = process.argv[4] ?? ':memory:';
const root = resolve(import.meta.dirname, '../..');

const bare = await startChild([resolve(root, 'test/bench/lib/bare-server.ts')], /listening on (http:\/\/\S+)/);
let training: Awaited<ReturnType<typeof startChild>> | undefined;
try {
  training = await startChild(
    [
      resolve(root, 'training/cli.ts'),
      ...['--port', '0', '--db', DB, '--seed', '1', '--orders', String(ORDERS), '--paused', '--quiet'],
    ],
    /training service listening on (http:\/\/\S+)/,
  );
  const url = training.url;
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const numbers: string[] = [];
  for (let page = 1; page <= 500; page += 25) {
    const orders = z.array(order).parse(await (await api('GET', `/api/v1/orders?page=${page}&page_size=50`)).json());
    numbers.push(...orders.map((o) => o.order_number));
  }
  const getByNumber = async (i: number) => {
    const res = await api('GET', `/api/v1/orders/${numbers[Math.abs(i) % numbers.length]}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
  };
  /** How many orders are in each status: the simulation's work shows as the counts moving. */
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const status of ['received', 'data_entry', 'picked', 'verified', 'shipped', 'delivered']) {
      const res = await api('GET', `/api/v1/orders?status=${status}&page_size=1`);
      await res.arrayBuffer();
      out[status] = Number(res.headers.get('x-total-count'));
    }
    return out;
  };

  const ok = async (res: Response) => {
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`answered ${res.status}`);
  };
  const rows = [
    await runLoad('bare node:http, fixed JSON (baseline)', { requests: REQUESTS, concurrency: 1 }, async () =>
      ok(await fetch(bare.url)),
    ),
    await runLoad('GET /orders/{order_number}, simulation paused', { requests: REQUESTS, concurrency: 1 }, getByNumber),
    await runLoad('same, 8 at once, simulation paused', { requests: REQUESTS, concurrency: 8 }, getByNumber),
  ];

  const before = await counts();
  const run = await api('PUT', '/api/v1/training/simulation', { running: true, speed: 3600 });
  if (run.status !== 200) throw new Error(`PUT simulation answered ${run.status}`);
  const started = performance.now();
  await new Promise((done) => setTimeout(done, 1500));
  rows.push(
    await runLoad(
      'GET /orders/{order_number}, simulation at 3600',
      { requests: REQUESTS, concurrency: 1 },
      getByNumber,
    ),
    await runLoad('same, 8 at once, simulation at 3600', { requests: REQUESTS, concurrency: 8 }, getByNumber),
  );
  const seconds = (performance.now() - started) / 1000;
  const state = (await (await api('GET', '/api/v1/training/simulation')).json()) as { lead_seconds: number };
  const after = await counts();
  const change = Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));

  const notes = {
    orders: ORDERS,
    db: DB,
    simulatedHours: Math.round(state.lead_seconds / 360) / 10,
    realSeconds: Math.round(seconds * 10) / 10,
    ordersPerStatusChange: change,
    target: 'GET by number p99 under 5 ms with the simulation running at 3600',
  };
  console.log(notes);
  report('simulation', compareToBaseline(rows, 'bare node:http, fixed JSON (baseline)'), notes);
} finally {
  bare.child.kill('SIGTERM');
  training?.child.kill('SIGTERM');
}
