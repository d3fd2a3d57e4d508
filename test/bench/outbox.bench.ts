// Benchmark: replaying 1,000 queued task creates through the outbox, next to 1,000 direct client calls in the same run.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger } from '../../main/platform/log/logger.ts';
import { createServiceClient } from '../../main/service/client/index.ts';
import { createOutbox, outboxOperations, type TasksClient } from '../../main/service/outbox/index.ts';
import { startChild } from './lib/child.ts';
import { runLoad } from './lib/load.ts';
import { type BenchRow, compareToBaseline, report } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const TASKS = Number(process.argv[2] ?? 1000);
const root = resolve(import.meta.dirname, '../..');
const BASELINE = `direct tasks.create, one at a time (baseline)`;

const training = await startChild(
  [resolve(root, 'training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '0', '--quiet', '--paused'],
  /training service listening on (http:\/\/\S+)/,
);
const dirs: string[] = [];

try {
  const login = await fetch(`${training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'technician@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const client: TasksClient = createServiceClient(outboxOperations, {
    baseUrl: training.url,
    tokens: { accessToken: () => token, refreshToken: () => null, refresh: async () => {} },
  });
  const body = (label: string, i: number) => ({ name: `Bench ${label} ${i}`, category_code: 'T06', description: 'v0' });
  const direct = (label: string) => async (i: number) => {
    await client.tasks.create({ body: body(label, i), idempotencyKey: randomUUID() });
  };

  /** Queues TASKS creates with nobody signed in, then measures from sign-in until every one is done. */
  async function replay(name: string, concurrency: number): Promise<{ enqueue: BenchRow; replay: BenchRow }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-bench-'));
    dirs.push(dataDir);
    let signedIn = false;
    const outbox = createOutbox({
      dataDir,
      client: () => (signedIn ? client : null),
      log: createLogger({ scope: 'bench.outbox', level: 'error' }),
      concurrency,
      idlePollMs: 60_000,
    });
    outbox.start();
    const enqueueSamples: number[] = [];
    const enqueueStarted = performance.now();
    for (let i = 0; i < TASKS; i++) {
      const t = performance.now();
      await outbox.enqueue({ kind: 'create', body: body(name, i) });
      enqueueSamples.push(performance.now() - t);
    }
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

    // Per entry: from the moment it goes on the wire ('sending', durably) until it is recorded done.
    const sendingAt = new Map<string, number>();
    const samples: number[] = [];
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    outbox.onChange(({ ids, counts }) => {
      const at = performance.now();
      for (const id of ids) {
        const state = outbox.get(id)?.state;
        if (state === 'sending') sendingAt.set(id, at);
        else if (state === 'done' && sendingAt.has(id)) samples.push(at - (sendingAt.get(id) as number));
      }
      if (counts.done === TASKS) finish();
    });
    const started = performance.now();
    signedIn = true;
    outbox.wake();
    await finished;
    const seconds = (performance.now() - started) / 1000;
    const failed = outbox.counts().failed;
    await outbox.close();
    if (failed > 0) throw new Error(`${failed} writes failed during the benchmark`);
    console.log(`${name}: ${TASKS} queued in ${enqueueSeconds.toFixed(2)} s, replayed in ${seconds.toFixed(2)} s`);
    return {
      enqueue: {
        name: `outbox enqueue (durable), ${name}`,
        perSecond: TASKS / enqueueSeconds,
        latencyMs: summarize(enqueueSamples),
      },
      replay: { name: `outbox replay, ${name}`, perSecond: TASKS / seconds, latencyMs: summarize(samples) },
    };
  }

  const rows: BenchRow[] = [
    await runLoad(BASELINE, { requests: TASKS, concurrency: 1, warmup: 50 }, direct('direct1')),
    await runLoad('direct tasks.create, 4 at once', { requests: TASKS, concurrency: 4, warmup: 50 }, direct('direct4')),
  ];
  const one = await replay('one task at a time', 1);
  const four = await replay('4 tasks at once', 4);
  rows.push(one.replay, four.replay, four.enqueue);
  report('outbox', compareToBaseline(rows, BASELINE), {
    tasks: TASKS,
    replaySecondsOneAtATime: Math.round((TASKS / one.replay.perSecond) * 100) / 100,
    replaySecondsFourAtOnce: Math.round((TASKS / four.replay.perSecond) * 100) / 100,
    why: 'each replayed write costs two fsynced SQLite commits (sending, then done) on top of the HTTP call',
  });
} finally {
  training.child.kill('SIGTERM');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
