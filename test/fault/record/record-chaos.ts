// The record fault run: S stations, each in its own process, race to verify the same N orders in the pharmacy's
// record on a real nats-server while the stations and nats-server are SIGKILLed and restarted at random. Then the
// stream is read: an order verified twice is one whose verified subject holds more than one fact; a fact lost is one a
// station was told was recorded (published or queued) that is neither in the stream nor among that station's conflicts.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { RECORD_STREAM } from '../../../contract/pharmacy-record.ts';
import { verifiedSubject } from '../../../contract/pharmacy-record-subjects.ts';
import { newStationSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { startNatsServer } from '../../integration/relay/nats-server.ts';
import { seededRandom } from '../outbox/plan.ts';

const root = resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The record stream's verified subjects. A nats-server killed and started again in the run's last moments restores its
 * streams from disk after it accepts connections, so "stream not found" is waited out (up to 30 s), then believed.
 */
async function streamInfoAfterRestart(jsm: JetStreamManager) {
  for (let waited = 0; ; waited += 250) {
    try {
      return await jsm.streams.info(RECORD_STREAM, { subjects_filter: 'record.order.*.verified' });
    } catch (error) {
      const missing = error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
      if (!missing || waited >= 30_000) throw error;
      await sleep(250);
    }
  }
}

export interface RecordFaultOptions {
  orders: number;
  stations: number;
  seed?: number;
  /** Mean time between kills (default 500 ms). */
  killEveryMs?: number;
  progress?: (line: string) => void;
}

export interface RecordFaultResult {
  orders: number;
  stations: number;
  seed: number;
  kills: Record<'nats' | 'station', number>;
  /** Orders whose verified subject holds more than one verification. */
  verifiedTwice: number;
  /** Orders no verification reached (every station gave up on none: each verifies what it does not find). */
  unverified: number;
  /** Verifications a station was told were recorded that are neither in the stream nor among its conflicts. */
  factsLost: number;
  /** Queued verifications refused on return (another station's came first): each raised a conflict. */
  conflicts: number;
  seconds: number;
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

function conflictsOf(dataDir: string): Set<string> {
  const db = new DatabaseSync(join(dataDir, 'record.db'), { readOnly: true });
  try {
    return new Set((db.prepare('SELECT fact_id FROM conflicts').all() as { fact_id: string }[]).map((r) => r.fact_id));
  } finally {
    db.close();
  }
}

export async function runRecordFault(options: RecordFaultOptions): Promise<RecordFaultResult> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const say = options.progress ?? (() => {});
  const nats = await startNatsServer();
  const work = mkdtempSync(join(tmpdir(), 'record-fault-'));
  const dirs = Array.from({ length: options.stations }, (_, s) => join(work, `station-${s}`));
  for (const dir of dirs) {
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'key.seed'), newStationSeed(), { mode: 0o600 });
  }
  const start = (s: number) =>
    spawn(
      process.execPath,
      [
        'test/fault/record/record-station.ts',
        dirs[s] as string,
        nats.url,
        `Station ${s + 1}`,
        String(options.orders),
        String(seed + s),
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] },
    );
  const stations = dirs.map((_, s) => start(s));
  const kills = { nats: 0, station: 0 };
  const done = () => dirs.every((dir) => existsSync(join(dir, 'done')));
  say(`record fault run: ${options.orders} orders × ${options.stations} stations, seed ${seed}`);
  const deadline = Date.now() + 120_000 + options.orders * options.stations * 60;
  const mean = options.killEveryMs ?? 500;
  while (!done() && Date.now() < deadline) {
    await sleep(mean * (0.5 + random()));
    const downMs = 50 + random() * 400;
    const s = Math.floor(random() * options.stations);
    if (random() < 0.3) {
      kills.nats++;
      await nats.kill();
      await sleep(downMs);
      await nats.restart();
    } else if (!existsSync(join(dirs[s] as string, 'done'))) {
      kills.station++;
      await killHard(stations[s] as ChildProcess);
      await sleep(downMs);
      stations[s] = start(s);
    }
    // A station that exited without its work done (nothing should) is started again.
    for (let i = 0; i < stations.length; i++) {
      const child = stations[i] as ChildProcess;
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (exited && !existsSync(join(dirs[i] as string, 'done'))) stations[i] = start(i);
    }
  }
  for (const child of stations) await killHard(child);
  if (!done()) say('the stations did not all finish before the deadline');

  const nc = await connect({ servers: [nats.url] });
  const jsm = await jetstreamManager(nc);
  const info = await streamInfoAfterRestart(jsm);
  const counts = (info.state.subjects ?? {}) as Record<string, number>;
  const inStream = new Set<string>();
  let verifiedTwice = 0;
  let unverified = 0;
  for (let i = 0; i < options.orders; i++) {
    const subject = verifiedSubject(`order-${i}`);
    const count = counts[subject] ?? 0;
    if (count > 1) verifiedTwice++;
    if (count === 0) unverified++;
    const first = count > 0 ? await jsm.streams.getMessage(RECORD_STREAM, { last_by_subj: subject }) : null;
    const body = first ? (JSON.parse(first.json<{ body: string }>().body) as { id: string }) : null;
    if (body) inStream.add(body.id);
  }
  await nc.close();
  let factsLost = 0;
  let conflicts = 0;
  for (const dir of dirs) {
    const refused = conflictsOf(dir);
    conflicts += refused.size;
    const acked = existsSync(join(dir, 'acked.txt')) ? readFileSync(join(dir, 'acked.txt'), 'utf8') : '';
    for (const line of acked.split('\n').filter(Boolean)) {
      const [factId] = line.split(' ');
      if (factId && !inStream.has(factId) && !refused.has(factId)) factsLost++;
    }
  }
  await nats.stop();
  rmSync(work, { recursive: true, force: true });
  return {
    orders: options.orders,
    stations: options.stations,
    seed,
    kills,
    verifiedTwice,
    unverified,
    factsLost,
    conflicts,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
