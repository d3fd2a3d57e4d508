// Benchmark: what bounding a service answer costs, and what it saves. A large but acceptable answer (8 MiB) read by the
// client (streamed, measured for depth, then read tolerantly) against a bare fetch + JSON.parse of the same bytes; and a
// hostile endless answer refused at the limit: how long until the refusal and how much main's memory grew meanwhile.
// `npm run bench -- answers [rounds]`. Synthetic data only; ratios are to the baseline measured in the same run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../contract/service/operations.ts';
import { createServiceClient } from '../../main/service/client/index.ts';
import { type BenchRow, compareToBaseline, report } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const ROUNDS = Number(process.argv[2] ?? 30);
const WARMUP = 3;
const MIB = 1024 * 1024;

// An order carrying about 8 MiB of product lines: large, well under the 32 MiB limit.
const line = (i: number) => ({ id: `p-${i}`, sku: `RX-${i}`, name: `Examplamine ${i} mg`, quantity: 30 });
const order = {
  id: '6f1c1a52-8d0e-4c1b-9a57-2f1e0c3b9d10',
  order_number: '1000123',
  status: 'Received',
  products: {
    prescription: Array.from({ length: 130_000 }, (_, i) => line(i)),
    non_prescription: [],
    order_material: [],
  },
};
const big = JSON.stringify(order);
const chunk = Buffer.alloc(256 * 1024, 0x20);

const server = createServer((req, res) => {
  req.resume();
  if (req.url?.endsWith('/endless')) {
    // Streams padding for as long as the reader takes it: 300 MB and more.
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"id":"x","padding":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    return pump();
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(big) });
  res.end(big);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createServiceClient(operations, {
  baseUrl,
  tokens: { accessToken: () => 'bench-token', refreshToken: () => 'bench-refresh', refresh: async () => {} },
});

async function measure(name: string, call: () => Promise<unknown>): Promise<BenchRow & { rssGrowthMiB: number }> {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  let peak = 0;
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - before);
    }, 5);
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss - before);
  }
  const seconds = (performance.now() - started) / 1000;
  return { name, perSecond: ROUNDS / seconds, latencyMs: summarize(samples), rssGrowthMiB: Math.round(peak / MIB) };
}

const refused = async () => {
  const outcome = await client.orders.get({ params: { order_id: 'endless' } }).then(
    () => 'read',
    (error: Error) => error.message,
  );
  if (!outcome.includes('larger than 32 MiB')) throw new Error(`the endless answer was not refused: ${outcome}`);
};

const rows = [
  await measure('fetch + JSON.parse, 8 MiB (baseline)', async () => {
    const res = await fetch(`${baseUrl}/api/v1/orders/1000123`);
    return res.json();
  }),
  await measure('client.orders.get, 8 MiB (streamed, depth-checked, tolerant read)', () =>
    client.orders.get({ params: { order_id: '1000123' } }),
  ),
  await measure('client refusing an endless answer at 32 MiB', refused),
];
const growth = Object.fromEntries(rows.map((row) => [row.name, `${row.rssGrowthMiB} MiB`]));
// Rough: the resident size sampled every 5 ms against its size before the call (memory the last call freed is reused).
console.log('peak growth of main’s resident memory during one call (rough):', growth);
report('answers', compareToBaseline(rows, 'fetch + JSON.parse, 8 MiB (baseline)'), {
  rounds: ROUNDS,
  warmup: WARMUP,
  answerBytes: Buffer.byteLength(big),
  peakRssGrowth: growth,
});
server.close();
