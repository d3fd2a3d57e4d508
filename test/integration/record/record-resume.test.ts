// After nats-server is killed and started again, a station reads the other stations' facts again at once: its reader
// of the record starts over from where its copy ends on the connection's reconnection (tried again on the record's own
// 2 s cycle while JetStream is not ready) instead of leaving it to the library's ordered consumer. With two whole
// stations and the relay (hold-on-return.test.ts) that consumer, made again at the reconnection, delivered nothing
// until its idle heartbeats (15 s) were missed twice: the 30-45 s seen. Here, two records on one real nats-server,
// the library may recover by itself, so the reader's own starting over is read from its log lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { reviewDraft } from './facts.ts';

let nats: NatsServer;
const dirs: string[] = [];
const open: PharmacyRecord[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  for (const record of open) await record.close().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await nats.stop();
});

/** A station's record whose log lines are kept (message and fields), to read what its reader did. */
function station(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'record-resume-'));
  dirs.push(dir);
  const lines: { message: string; [field: string]: unknown }[] = [];
  const record = createNatsRecord({
    view: RecordView.inFolder(dir),
    stationName: name,
    key: stationKeyFromSeed(newStationSeed()),
    connect: () =>
      connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 50, waitOnFirstConnect: true }),
    log: createLogger({ scope: 'record', level: 'debug', write: (line) => void lines.push(JSON.parse(line)) }),
  });
  open.push(record);
  return { record, lines };
}

describe('a station after nats-server was killed and started again', () => {
  it('reads a hold given at station 5 after the restart within a few of its record’s own retry cycles', async () => {
    const five = station('Station 5');
    const three = station('Station 3');
    await expect
      .poll(() => [five.record.status().state, three.record.status().state])
      .toEqual(['reachable', 'reachable']);
    await nats.kill();
    await expect
      .poll(() => [five.record.status().state, three.record.status().state])
      .toEqual(['unreachable', 'unreachable']);
    const before = three.lines.length;
    await nats.restart();
    await expect
      .poll(() => [five.record.status().state, three.record.status().state])
      .toEqual(['reachable', 'reachable']);
    // Published at once, not queued: the hold is in the record.
    expect((await five.record.append(reviewDraft('rx-restart', 'needs_clarification'))).queued).toBe(false);
    // The normal wait for a state (not the tens of seconds of missed heartbeats).

    await expect.poll(() => three.record.latestReview('rx-restart')?.decision).toBe('needs_clarification');
    expect(three.record.latestReview('rx-restart')?.station.name).toBe('Station 5');
    // The reader started again on the reconnection, from where station 3's copy ended, in at most three tries.
    const since = three.lines.slice(before);
    const resumed = since.filter((line) => line.message === 'reading the record again');
    const failed = since.filter((line) => line.message === 'the record could not be read again; trying again');
    expect(resumed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(2);
  });
});
