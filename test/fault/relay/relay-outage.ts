// The relay down longer than the service's delivery attempts: a real training service (its retry waits divided by
// `timeScale`) delivers order.created to the relay (its own process, with the service account) on the link
// `relay -- init` writes; the relay is SIGKILLed, orders are created until the service has given up on each of their
// deliveries (8 attempts, `failed`), then the relay starts again on its state folder and catches up from the service.
// Each station process's real inbox (events.db) is then counted for every order created.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { loginResponse } from '../../../contract/service/auth.ts';
import { order as orderSchema } from '../../../contract/service/orders.ts';
import { patient as patientSchema } from '../../../contract/service/patient-schemas.ts';
import { productCatalogue } from '../../../contract/service/products.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { createTrainingService, seedDemoData, TRAINING_PASSWORD } from '../../../training/index.ts';
import { startLink } from '../../integration/link/link-harness.ts';
import { freePort } from '../../integration/relay/nats-server.ts';
import { killHard, spawnNode } from './relay-chaos.ts';

export interface RelayOutageOptions {
  orders: number;
  stations: number;
  /** Service time runs this much faster for the retry waits (default 2,000: the 8 attempts in about 2 s). */
  timeScale?: number;
  progress?: (line: string) => void;
}

export interface RelayOutageResult {
  orders: number;
  stations: number;
  /** Deliveries the service gave up on (all 8 attempts refused) while the relay was down. */
  failedForGood: number;
  downSeconds: number;
  /** The same outage on the service's clock (its retry waits run `timeScale` times faster). */
  serviceHours: number;
  lost: number;
  duplicated: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function storedOrders(dataDir: string, ids: readonly string[]): { stored: number; rows: number } {
  try {
    const db = new DatabaseSync(join(dataDir, 'events.db'), { readOnly: true });
    try {
      const keys = new Set(ids.map((id) => `order.created:${id}`));
      const rows = db.prepare(`SELECT key FROM inbox WHERE key LIKE 'order.created:%'`).all() as { key: string }[];
      const mine = rows.filter((row) => keys.has(row.key));
      return { stored: new Set(mine.map((row) => row.key)).size, rows: mine.length };
    } finally {
      db.close();
    }
  } catch {
    return { stored: 0, rows: 0 };
  }
}

export async function runRelayOutage(options: RelayOutageOptions): Promise<RelayOutageResult> {
  const say = options.progress ?? (() => {});
  const service = await createTrainingService({
    db: ':memory:',
    deliveryTimeScale: options.timeScale ?? 2_000,
    deliveryTimeoutMs: 1_000,
    log: () => {},
  });
  seedDemoData(service.db, { seed: 34, orders: 20, now: new Date() });
  const url = await service.listen(0);
  const login = await post(url, '/api/v1/auth/login', { email: 'admin@training.local', password: TRAINING_PASSWORD });
  const token = loginResponse.parse(login).access_token;
  const patient = z.array(patientSchema).parse(await get(url, token, '/api/v1/patients?page_size=1'))[0]!;
  const product = productCatalogue.parse(await get(url, token, '/api/v1/products')).prescription![0]!;
  const createOrder = async (): Promise<string> => {
    const body = { patient_id: patient.id, products: { prescription: [{ id: product.id, quantity: 1 }] } };
    return orderSchema.parse(await post(url, '/api/v1/orders?force_new=true', body, token)).id;
  };

  const names = Array.from({ length: options.stations }, (_, s) => `station-${s}`);
  const link = await startLink({ stations: names });
  const servers = link.manifest.servers.join(',');
  const work = mkdtempSync(join(tmpdir(), 'relay-outage-'));
  const stateDir = join(work, 'relay');
  const port = await freePort();
  const relayArgs = ['--nats', servers, '--state', stateDir, '--port', String(port), '--service', url];
  relayArgs.push('--nats-seed', seedFile(link.dir, 'relay', 'relay'), '--nats-ca', link.caFile);
  const relayEnv = { RELAY_SERVICE_EMAIL: 'admin@training.local', RELAY_SERVICE_PASSWORD: TRAINING_PASSWORD };
  const startRelay = () => spawnNode('relay/cli.ts', relayArgs, relayEnv);
  const stationDirs = names.map((name) => join(work, name));
  const stations: ChildProcess[] = stationDirs.map((dir, s) => {
    mkdirSync(dir);
    const seed = seedFile(link.dir, `station-${s}`, 'station');
    return spawnNode('test/fault/relay/station-process.ts', [dir, servers, `station-${s}`, seed, link.caFile]);
  });
  const subscribed = () =>
    service.db.all(`SELECT id FROM webhook_subscriptions WHERE url LIKE ?`, `%:${port}/%`).length > 0;
  const everyStationHas = (ids: readonly string[]) =>
    stationDirs.every((dir) => storedOrders(dir, ids).stored >= ids.length);
  const waitFor = async (test: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!test() && Date.now() < end) await sleep(100);
    return test();
  };

  let relay = startRelay();
  await waitFor(subscribed, 30_000);
  const before: string[] = [];
  const half = Math.ceil(options.orders / 2);
  for (let i = 0; i < half; i++) before.push(await createOrder());
  await waitFor(() => everyStationHas(before), 60_000);
  say(`${half} orders through the relay to ${options.stations} stations; killing the relay`);

  await killHard(relay);
  const downAt = performance.now();
  const during: string[] = [];
  for (let i = half; i < options.orders; i++) during.push(await createOrder());
  const failedFor = () =>
    service.db.all<{ id: string }>(
      `SELECT d.id FROM webhook_deliveries d JOIN notification_events e ON e.id = d.event_id
        WHERE e.event_code = 'order.created' AND d.status = 'failed' AND d.attempts = 8`,
    ).length;
  await waitFor(() => failedFor() >= during.length, 120_000);
  const failedForGood = failedFor();
  say(`the service gave up on ${failedForGood} deliveries after 8 attempts each; starting the relay again`);
  relay = startRelay();
  const downSeconds = Math.round((performance.now() - downAt) / 100) / 10;

  const all = [...before, ...during];
  await waitFor(() => everyStationHas(all), 60_000 + options.orders * 20);
  let lost = 0;
  let duplicated = 0;
  for (const dir of stationDirs) {
    const counted = storedOrders(dir, all);
    lost += all.length - counted.stored;
    duplicated += counted.rows - counted.stored;
  }
  for (const child of stations) {
    const gone = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([gone, sleep(5_000)]);
    await killHard(child);
  }
  await killHard(relay);
  await link.close();
  await service.close();
  rmSync(work, { recursive: true, force: true });
  const serviceHours = Math.round((downSeconds * (options.timeScale ?? 2_000)) / 360) / 10;
  const { orders, stations: count } = options;
  return { orders, stations: count, failedForGood, downSeconds, serviceHours, lost, duplicated };
}

async function post(url: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  return answer.json();
}

async function get(url: string, token: string, path: string): Promise<unknown> {
  const answer = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  return answer.json();
}
