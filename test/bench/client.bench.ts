// Benchmark: what the generated client (validation, auth, retries, response parsing) costs over a bare fetch of the same answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../contract/service/operations.ts';
import { createServiceClient } from '../../main/service/client/index.ts';
import { type BenchRow, compareToBaseline, report } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const REQUESTS = Number(process.argv[2] ?? 3000);
const WARMUP = 300;

// A realistic order, synthetic data only.
const order = {
  id: '6f1c1a52-8d0e-4c1b-9a57-2f1e0c3b9d10',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00.123456',
  order_number: '1000123',
  external_id: 'CLINIC-77',
  status: 'Received',
  status_code: 'N01',
  status_name: 'Received',
  address: {
    id: '0b0f1e7a-1111-4c1b-9a57-2f1e0c3b9d10',
    address_1: '1 Example Way',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    country: 'US',
    type: 'shipping',
  },
  shipping: { carrier: 'usps', service_level: 'usps_ground_advantage', signature_confirmation: 'none' },
  shipments: [],
  patient: {
    id: '1c2d3e4f-2222-4c1b-9a57-2f1e0c3b9d10',
    first_name: 'Avery',
    last_name: 'Example',
    date_of_birth: '1980-01-02',
  },
  prescription_count: 1,
  products: {
    prescription: [{ id: 'a1', sku: 'RX-1', name: 'Examplamine 10 mg', quantity: 30, has_prescription: true }],
    non_prescription: [{ id: 'b1', sku: 'OTC-1', name: 'Saline spray', quantity: 1 }],
    order_material: [
      { id: 'c1', sku: 'BOX-S', name: 'Small box', quantity: 1, current_stock: 100, reorder_threshold: 10 },
    ],
  },
  electronic_prescription_ids: ['d1'],
};
const payload = JSON.stringify(order);

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const client = createServiceClient(operations, {
  baseUrl,
  tokens: { accessToken: () => 'bench-token', refreshToken: () => 'bench-refresh', refresh: async () => {} },
});

async function measure(name: string, call: () => Promise<unknown>): Promise<BenchRow> {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  return { name, perSecond: REQUESTS / seconds, latencyMs: summarize(samples) };
}

const rows = [
  await measure('fetch + JSON.parse (baseline)', async () => {
    const res = await fetch(`${baseUrl}/api/v1/orders/1000123`, { headers: { authorization: 'Bearer bench-token' } });
    return res.json();
  }),
  await measure('client.orders.get (validated)', () => client.orders.get({ params: { order_id: '1000123' } })),
];
report('client', compareToBaseline(rows, 'fetch + JSON.parse (baseline)'), { requests: REQUESTS, warmup: WARMUP });
server.close();
