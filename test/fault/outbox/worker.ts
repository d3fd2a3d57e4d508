// The process the kill trials SIGKILL: an outbox on the trial folder that queues task writes and replays them.
// `node worker.ts trial <dataDir> <serviceUrl> <trial> <seed>` queues a random batch and replays until killed;
// `node worker.ts drain <dataDir> <serviceUrl>` replays what is left, prints `drained`, and exits.
// stdout lines: `ready <entries found on the wire>`, `ack <json>` once enqueue resolved (the write is durable).
import { createLogger } from '../../../main/platform/log/logger.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';
import { createOutbox, type Outbox, outboxOperations } from '../../../main/service/outbox/index.ts';
import { type Ack, planTrial, seededRandom, writeFor } from './plan.ts';

const [mode, dataDir, baseUrl, trialArg, seedArg] = process.argv.slice(2);
const token = process.env.FAULT_ACCESS_TOKEN;
if (!dataDir || !baseUrl || !token || (mode !== 'trial' && mode !== 'drain')) {
  console.error('usage: FAULT_ACCESS_TOKEN=… node worker.ts trial|drain <dataDir> <serviceUrl> [trial seed]');
  process.exit(2);
}

const client = createServiceClient(outboxOperations, {
  baseUrl,
  tokens: {
    accessToken: () => token,
    refreshToken: () => null,
    refresh: async () => {
      throw new Error('the kill trials run well within one access token');
    },
  },
  retry: { baseDelayMs: 20, maxDelayMs: 200 },
});
const outbox = createOutbox({
  dataDir,
  client: () => client,
  log: createLogger({ scope: 'fault.outbox', level: 'error' }),
  backoff: { baseMs: 20, maxMs: 200 },
  idlePollMs: 200,
});
const onTheWire = outbox.entries({ states: ['sending'] }).length;
outbox.start();
process.stdout.write(`ready ${onTheWire}\n`);

const say = (ack: Ack) => process.stdout.write(`ack ${JSON.stringify(ack)}\n`);

async function queueTrial(box: Outbox, trial: number, seed: number): Promise<void> {
  const random = seededRandom(seed * 1_000_003 + trial);
  const plan = planTrial(trial, random, box.entries({ limit: 10_000 }));
  const placeholders: string[] = [];
  for (const step of plan) {
    const entry = await box.enqueue(writeFor(step, placeholders));
    if (step.kind === 'create') placeholders[step.newTask as number] = entry.id;
    say({ id: entry.id, kind: entry.kind, task: entry.taskRef, name: step.name, version: step.version });
    if (step.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
  }
}

if (mode === 'trial') {
  await queueTrial(outbox, Number(trialArg), Number(seedArg));
  // Keep replaying until the harness kills this process.
  setInterval(() => {}, 1_000);
} else {
  const idle = () => {
    const counts = outbox.counts();
    return counts.queued + counts.sending === 0;
  };
  const started = Date.now();
  while (!idle()) {
    if (Date.now() - started > 120_000) {
      console.error(`drain did not finish: ${JSON.stringify(outbox.counts())}`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(`drained ${JSON.stringify(outbox.counts())}\n`);
  await outbox.close();
  process.exit(0);
}
