// The relay fault run: a sender (the service's side) delivers N events to the relay while the relay, nats-server and
// the stations are SIGKILLed and restarted at random; then each station's real inbox (events.db) is counted. All of it
// on the link `relay -- init` writes: nats-server with that configuration and TLS, every client on its own nkey.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { seedFile } from '../../../relay/link/init.ts';
import { startLink } from '../../integration/link/link-harness.ts';
import { freePort } from '../../integration/relay/nats-server.ts';
import { seededRandom } from '../outbox/plan.ts';
import { sendAll } from './sender.ts';

const root = resolve(import.meta.dirname, '../../..');
const SECRET = 'fault-run-signing-secret-synthetic';

export interface RelayFaultOptions {
  events: number;
  stations: number;
  seed?: number;
  /** Mean time between kills (default 700 ms). */
  killEveryMs?: number;
  progress?: (line: string) => void;
}

export interface RelayFaultResult {
  events: number;
  stations: number;
  seed: number;
  kills: Record<'relay' | 'nats' | 'station', number>;
  /** Events some station never stored (summed over stations). */
  lost: number;
  /** Events a station stored more than once, or stored that were never sent. */
  duplicated: number;
  /** Deliveries a station's inbox recognised as already stored (NATS redelivered them): counted, not stored. */
  redelivered: number;
  senderRetries: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function spawnNode(script: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

function storedKeys(dataDir: string, prefix: string): { rows: number; distinct: number; redelivered: number } {
  try {
    const db = new DatabaseSync(join(dataDir, 'events.db'), { readOnly: true });
    try {
      const row = db
        .prepare(
          `SELECT COUNT(*) AS rows, COUNT(DISTINCT key) AS distinct_keys, COALESCE(SUM(duplicates), 0) AS redelivered
             FROM inbox WHERE key LIKE ?`,
        )
        .get(`order.created:${prefix}%`) as { rows: number; distinct_keys: number; redelivered: number };
      return { rows: row.rows, distinct: row.distinct_keys, redelivered: row.redelivered };
    } finally {
      db.close();
    }
  } catch {
    return { rows: 0, distinct: 0, redelivered: 0 };
  }
}

export async function runRelayFault(options: RelayFaultOptions): Promise<RelayFaultResult> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const say = options.progress ?? (() => {});
  const names = Array.from({ length: options.stations }, (_, s) => `station-${s}`);
  const link = await startLink({ stations: names });
  const nats = link.server;
  const servers = link.manifest.servers.join(',');
  const work = mkdtempSync(join(tmpdir(), 'relay-fault-'));
  const stateDir = join(work, 'relay');
  mkdirSync(stateDir, { mode: 0o700 });
  writeFileSync(join(stateDir, 'webhook-signing-secret'), SECRET, { mode: 0o600 });
  const port = await freePort();
  const relayArgs = ['--nats', servers, '--state', stateDir, '--port', String(port)];
  relayArgs.push('--nats-seed', seedFile(link.dir, 'relay', 'relay'), '--nats-ca', link.caFile);
  const startRelay = () => spawnNode('relay/cli.ts', relayArgs);
  const stationDirs = Array.from({ length: options.stations }, (_, s) => join(work, `station-${s}`));
  const startStation = (s: number) =>
    spawnNode('test/fault/relay/station-process.ts', [
      stationDirs[s] as string,
      servers,
      `station-${s}`,
      seedFile(link.dir, `station-${s}`, 'station'),
      link.caFile,
    ]);
  for (const dir of stationDirs) mkdirSync(dir);
  let relay = startRelay();
  const stations = stationDirs.map((_, s) => startStation(s));
  const kills = { relay: 0, nats: 0, station: 0 };
  const prefix = `fault-${seed}-`;
  let sending = true;

  const chaos = (async () => {
    const mean = options.killEveryMs ?? 700;
    while (sending) {
      await sleep(mean * (0.5 + random()));
      if (!sending) break;
      const pick = random();
      const downMs = 50 + random() * 400;
      if (pick < 0.25) {
        kills.relay++;
        await killHard(relay);
        await sleep(downMs);
        relay = startRelay();
      } else if (pick < 0.45) {
        kills.nats++;
        await nats.kill();
        await sleep(downMs);
        await nats.restart();
      } else {
        const s = Math.floor(random() * options.stations);
        kills.station++;
        await killHard(stations[s] as ChildProcess);
        await sleep(downMs);
        stations[s] = startStation(s);
      }
    }
  })();

  say(`relay fault run: ${options.events} events, ${options.stations} stations, seed ${seed}`);
  const sent = await sendAll({
    url: `http://127.0.0.1:${port}/webhooks/fulfillment`,
    secret: SECRET,
    events: options.events,
    idOf: (i) => `${prefix}${i}`,
  });
  sending = false;
  await chaos;
  say(`all ${options.events} events acknowledged by the relay (${sent.retries} retries); waiting for the stations`);
  // Every part is up again now; each station catches up from its durable consumer.
  const deadline = Date.now() + 60_000 + options.events * 20;
  while (Date.now() < deadline) {
    if (stationDirs.every((dir) => storedKeys(dir, prefix).distinct >= options.events)) break;
    await sleep(200);
  }
  for (const child of stations) {
    const gone = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([gone, sleep(5_000)]);
    await killHard(child);
  }
  await killHard(relay);
  let lost = 0;
  let duplicated = 0;
  let redelivered = 0;
  for (const dir of stationDirs) {
    const counted = storedKeys(dir, prefix);
    lost += Math.max(0, options.events - counted.distinct);
    duplicated += counted.rows - counted.distinct + Math.max(0, counted.distinct - options.events);
    redelivered += counted.redelivered;
  }
  await link.close();
  rmSync(work, { recursive: true, force: true });
  return {
    events: options.events,
    stations: options.stations,
    seed,
    kills,
    lost,
    duplicated,
    redelivered,
    senderRetries: sent.retries,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
