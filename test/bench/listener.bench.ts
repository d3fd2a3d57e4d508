// Benchmark: the webhook listener (checks, durable inbox with synchronous FULL, fan-out, notifier) accepting
// deliveries, next to a bare node:http server that reads the body and answers 204, both in their own processes.
// `npm run bench -- listener [requests]`. The same file is the two servers when started with --serve-*.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECRET = 'whsec_bench_0123456789abcdefghijklmnopqrstuv';
const mode = process.argv[2];

if (mode === '--serve-bare') {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`bare listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else if (mode === '--serve-listener') {
  const { createEventSystem } = await import('../../main/events/system.ts');
  const dataDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'listener-bench-'));
  let notifications = 0;
  const system = createEventSystem({
    dataDir,
    port: 0,
    secret: async () => SECRET,
    client: () => null,
    notifications: { show: () => notifications++ },
    onNotificationClick: () => {},
  });
  const status = await system.start();
  if (status.state !== 'listening') throw new Error(status.state === 'failed' ? status.message : 'not listening');
  console.log(`listener listening on http://127.0.0.1:${status.port}`);
  process.once('SIGTERM', async () => {
    await system.stop();
    if (!process.argv[3]) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  await runBench();
}

async function runBench(): Promise<void> {
  const { startChild } = await import('./lib/child.ts');
  const { runLoad } = await import('./lib/load.ts');
  const { compareToBaseline, report } = await import('./lib/report.ts');
  const REQUESTS = Number(process.argv[2] ?? 2000);
  const self = import.meta.filename;
  const bare = await startChild([self, '--serve-bare'], /bare listening on (http:\/\/\S+)/);
  const listener = await startChild([self, '--serve-listener'], /listener listening on (http:\/\/\S+)/);
  const hook = `${listener.url}/webhooks/fulfillment`;
  const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
  let serial = 0;
  const delivery = (code = 'order.shipped') => {
    serial++;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return JSON.stringify({
      event_code: code,
      data: {
        id,
        url: `https://dashboard.example/orders/${id}`,
        order_number: String(1_000_000 + serial),
        first_name: 'Bench',
        last_name: 'Patient',
        status_code: 'S01',
        status_name: 'Shipped',
      },
    });
  };
  const post = async (url: string, body: string, expected: number, extra: Record<string, string> = {}) => {
    const res = await fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body });
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`${url} answered ${res.status}, expected ${expected}`);
  };
  const repeated = delivery();

  try {
    const rows = [
      await runLoad('bare node:http, 204 (baseline)', { requests: REQUESTS, concurrency: 1 }, () =>
        post(bare.url, delivery(), 204),
      ),
      await runLoad('listener: new delivery accepted', { requests: REQUESTS, concurrency: 1 }, () =>
        post(hook, delivery(), 204),
      ),
      await runLoad('bare node:http, 204, 16 at once', { requests: REQUESTS, concurrency: 16 }, () =>
        post(bare.url, delivery(), 204),
      ),
      await runLoad('listener: new delivery accepted, 16 at once', { requests: REQUESTS, concurrency: 16 }, () =>
        post(hook, delivery(), 204),
      ),
      await runLoad('listener: duplicate delivery, 16 at once', { requests: REQUESTS, concurrency: 16 }, () =>
        post(hook, repeated, 204),
      ),
      await runLoad('listener: wrong secret refused, 16 at once', { requests: REQUESTS, concurrency: 16 }, () =>
        post(hook, delivery(), 401, { authorization: 'Bearer wrong' }),
      ),
    ];
    report('listener', compareToBaseline(rows, 'bare node:http, 204 (baseline)'), {
      requests: REQUESTS,
      inbox: `events.db in ${tmpdir()} (WAL, synchronous FULL, group commit)`,
      note: 'accepted = checked, on disk, fanned out to subscribers and the notifier before the 204',
    });
  } finally {
    bare.child.kill('SIGTERM');
    listener.child.kill('SIGTERM');
  }
}
