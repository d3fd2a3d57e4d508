// Figures of the pharmacy's record and relay on a real nats-server: the time from a hold given at one station to the
// other station's gate seeing it (the newest review decision its record answers, what main's label and verification
// gates read), and the time a station on the relay takes to notice nats-server killed, or the relay stopped while
// nats-server is up (its relay state leaves 'live', the Events indicator says polling and the poller reads at once).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createEventSystem } from '../../../main/events/system.ts';
import { createRelay } from '../../../relay/relay.ts';
import { startNatsServer } from '../../integration/relay/nats-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pharmacist = { id: 'u-ph', name: 'Bench Pharmacist', role: 'pharmacist' };

function stationRecord(natsUrl: string, name: string, work: string): PharmacyRecord {
  return createNatsRecord({
    view: RecordView.inFolder(mkdtempSync(join(work, `${name}-`))),
    stationName: name,
    key: stationKeyFromSeed(newStationSeed()),
    connect: () => connect({ servers: natsUrl, maxReconnectAttempts: -1, waitOnFirstConnect: true }),
  });
}

async function until(test: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!test()) {
    if (performance.now() > end) return false;
    await sleep(1);
  }
  return true;
}

/** `trials` prescriptions: an OK at station 3 seen at station 5, then a hold at station 3; ms until 5's gate holds. */
export async function holdToGate(trials: number): Promise<{ latencies: number[]; missed: number }> {
  const nats = await startNatsServer();
  const work = mkdtempSync(join(tmpdir(), 'hold-bench-'));
  const three = stationRecord(nats.url, 'Station 3', work);
  const five = stationRecord(nats.url, 'Station 5', work);
  const latencies: number[] = [];
  let missed = 0;
  try {
    await until(() => three.status().state === 'reachable' && five.status().state === 'reachable', 30_000);
    for (let i = 0; i < trials; i++) {
      const rx = `rx-bench-${i}`;
      const review = { kind: 'prescription_reviewed' as const, person: pharmacist, prescription_id: rx };
      const fields = { findings: [], note: '', task_ref: null, digest: 'b'.repeat(64) };
      await three.append({ ...review, ...fields, decision: 'reviewed' });
      await until(() => five.latestReview(rx)?.decision === 'reviewed', 10_000);
      const held = performance.now();
      await three.append({ ...review, ...fields, decision: 'needs_clarification' });
      if (await until(() => five.latestReview(rx)?.decision === 'needs_clarification', 10_000)) {
        latencies.push(performance.now() - held);
      } else missed++;
    }
  } finally {
    await three.close();
    await five.close();
    await nats.stop();
  }
  return { latencies, missed };
}

/**
 * `trials` times: nats-server SIGKILLed (or frozen by SIGSTOP: connections open, nothing answered) under a station
 * live on the relay; ms until the station says it is not.
 */
export async function noticeNatsDown(
  trials: number,
  how: 'killed' | 'frozen' = 'killed',
): Promise<{ latencies: number[]; missed: number }> {
  const nats = await startNatsServer();
  const work = mkdtempSync(join(tmpdir(), 'nats-down-bench-'));
  const relay = createRelay({
    port: 0,
    stateDir: join(work, 'relay'),
    nats: { servers: [nats.url] },
    service: null,
    log: () => {},
  });
  await relay.start();
  const system = createEventSystem({
    dataDir: mkdtempSync(join(work, 'station-')),
    port: 0,
    secret: async () => null,
    client: () => null,
    notifications: { show: () => {} },
    onNotificationClick: () => {},
    relay: { servers: [nats.url], stationId: 'bench-down', user: 'bench-down', password: async () => null },
  });
  await system.start();
  const latencies: number[] = [];
  let missed = 0;
  try {
    for (let i = 0; i < trials; i++) {
      await until(() => system.relayState().state === 'live', 30_000);
      const downAt = performance.now();
      if (how === 'killed') await nats.kill();
      else nats.freeze();
      if (await until(() => system.relayState().state === 'failed', 30_000)) {
        latencies.push(performance.now() - downAt);
      } else missed++;
      if (how === 'killed') await nats.restart();
      else nats.thaw();
    }
  } finally {
    await system.stop();
    await relay.stop();
    await nats.stop();
  }
  return { latencies, missed };
}

/**
 * `trials` times: the relay stopped (its process gone, nats-server up) under a station live on it; ms until the
 * station says it is not (three missed relay heartbeats of 3 s: goal ≤ 10 s).
 */
export async function noticeRelayDown(trials: number): Promise<{ latencies: number[]; missed: number }> {
  const nats = await startNatsServer();
  const work = mkdtempSync(join(tmpdir(), 'relay-down-bench-'));
  const startRelay = async () => {
    const relay = createRelay({
      port: 0,
      stateDir: join(work, 'relay'),
      nats: { servers: [nats.url] },
      service: null,
      log: () => {},
    });
    await relay.start();
    return relay;
  };
  const system = createEventSystem({
    dataDir: mkdtempSync(join(work, 'station-')),
    port: 0,
    secret: async () => null,
    client: () => null,
    notifications: { show: () => {} },
    onNotificationClick: () => {},
    relay: { servers: [nats.url], stationId: 'bench-relay', user: 'bench-relay', password: async () => null },
  });
  let relay = await startRelay();
  await system.start();
  const latencies: number[] = [];
  let missed = 0;
  try {
    for (let i = 0; i < trials; i++) {
      await until(() => system.relayState().state === 'live', 30_000);
      const downAt = performance.now();
      await relay.stop();
      if (await until(() => system.relayState().state === 'failed', 30_000)) {
        latencies.push(performance.now() - downAt);
      } else missed++;
      relay = await startRelay();
    }
  } finally {
    await system.stop();
    await relay.stop();
    await nats.stop();
  }
  return { latencies, missed };
}
