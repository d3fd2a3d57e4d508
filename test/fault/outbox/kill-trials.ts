// The outbox kill trials: a training service in its own process, an outbox worker SIGKILLed at random moments, then a tally.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startChild } from '../../bench/lib/child.ts';
import { type Ack, seededRandom } from './plan.ts';
import { type Tally, tally } from './verify.ts';

const root = resolve(import.meta.dirname, '../../..');
const workerPath = resolve(import.meta.dirname, 'worker.ts');

export interface KillTrialsOptions {
  trials: number;
  seed?: number;
  /** Progress lines (every few trials); nothing by default. */
  progress?: (line: string) => void;
}

export interface KillTrialsResult extends Tally {
  trials: number;
  seed: number;
  /** Restarts that found writes left on the wire by the kill: the outcome-unknown case the trials are for. */
  killsMidSend: number;
  acked: number;
  seconds: number;
}

/** A worker process and what it said: `ready` (with the entries found on the wire) and each ack. */
function startWorker(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [workerPath, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acks: Ack[] = [];
  let onTheWire = 0;
  let drained = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('ready ')) {
      onTheWire = Number(line.slice(6));
      markReady();
    } else if (line.startsWith('ack ')) acks.push(JSON.parse(line.slice(4)) as Ack);
    else if (line.startsWith('drained ')) drained = true;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A worker that dies before saying ready still lets the trial go on.
  void exited.then(() => markReady());
  return {
    child,
    acks,
    ready,
    exited,
    onTheWire: () => onTheWire,
    drained: () => drained,
  };
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'technician@training.local', password: 'Training-2026!' }),
  });
  if (res.status !== 200) throw new Error(`the training service refused the demo sign-in: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function kill(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export async function runOutboxKillTrials(options: KillTrialsOptions): Promise<KillTrialsResult> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const dir = mkdtempSync(join(tmpdir(), 'outbox-kill-'));
  const serviceDb = join(dir, 'training.db');
  const dataDir = join(dir, 'station');
  // The service in its own process with a file database: it outlives every kill of the outbox.
  const service = await startChild(
    [resolve(root, 'training/cli.ts'), '--port', '0', '--db', serviceDb, '--orders', '0', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  const acks: Ack[] = [];
  let killsMidSend = 0;
  try {
    // The compile cache halves each restart's start-up, which is most of a trial's time.
    const env = {
      ...process.env,
      FAULT_ACCESS_TOKEN: await login(service.url),
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
    };
    for (let trial = 1; trial <= options.trials; trial++) {
      const worker = startWorker(['trial', dataDir, service.url, String(trial), String(seed)], env);
      // Most kills land while writes are queued and replaying; some during start-up and recovery.
      if (random() < 0.85) await worker.ready;
      await Promise.race([sleep(Math.floor(random() * 160)), worker.exited]);
      kill(worker.child);
      await worker.exited;
      acks.push(...worker.acks);
      if (worker.onTheWire() > 0) killsMidSend += 1;
      if (trial % 20 === 0) options.progress?.(`  ${trial} trials, ${acks.length} writes acknowledged`);
    }
    // The last restart, left alone: it reconciles and replays whatever the last kill left.
    const last = startWorker(['drain', dataDir, service.url], env);
    const code = await last.exited;
    if (last.onTheWire() > 0) killsMidSend += 1;
    if (code !== 0 || !last.drained()) throw new Error(`the final drain exited ${code} without draining the outbox`);
  } finally {
    if (service.child.exitCode === null && service.child.signalCode === null) {
      const exited = new Promise((resolve) => service.child.once('exit', resolve));
      service.child.kill('SIGTERM');
      await exited;
    }
  }
  try {
    const counted = tally({ serviceDb, outboxDb: join(dataDir, 'outbox.db'), acks });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    return { ...counted, trials: options.trials, seed, killsMidSend, acked: acks.length, seconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
