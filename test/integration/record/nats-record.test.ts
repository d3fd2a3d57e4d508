// Two stations on one real nats-server share one record: a hold at one is the newest decision at the other, of two
// verifications of one order exactly one is recorded, a claim holds the order until its station's heartbeat stops,
// and a station that cannot reach the record queues its facts and publishes them when it is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LIVES_MS } from '../../../contract/pharmacy-record.ts';
import { reviewSubject } from '../../../contract/pharmacy-record-subjects.ts';
import { newStationSeed, signFact, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { pharmacist, reviewDraft, technician, verifiedDraft } from './facts.ts';

let nats: NatsServer;
const dirs: string[] = [];
const open: PharmacyRecord[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  await nats.stop();
});
afterEach(async () => {
  for (const record of open.splice(0)) await record.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dial = () =>
  connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 50, waitOnFirstConnect: true });

function station(name: string, clock = { ms: Date.now() }, kept: { dir?: string; seed?: string } = {}): PharmacyRecord {
  const dir = kept.dir ?? mkdtempSync(join(tmpdir(), 'nats-record-'));
  if (!kept.dir) dirs.push(dir);
  const record = createNatsRecord({
    view: RecordView.inFolder(dir),
    stationName: name,
    key: stationKeyFromSeed(kept.seed ?? newStationSeed()),
    connect: dial,
    now: () => clock.ms,
  });
  open.push(record);
  return record;
}

const reachable = (record: PharmacyRecord) => expect.poll(() => record.status().state).toBe('reachable');

describe('the pharmacy record on NATS JetStream, two stations', () => {
  it('a hold at station 5 is the newest decision at station 3, which had seen the OK', async () => {
    const five = station('Station 5');
    const three = station('Station 3');
    await reachable(five);
    await reachable(three);
    await five.append(reviewDraft('rx-sertraline', 'reviewed'));
    await expect.poll(() => three.latestReview('rx-sertraline')?.decision).toBe('reviewed');
    await five.append(reviewDraft('rx-sertraline', 'needs_clarification'));
    await expect.poll(() => three.latestReview('rx-sertraline')?.decision).toBe('needs_clarification');
    expect(three.latestReview('rx-sertraline')?.station.name).toBe('Station 5');
  });

  it('of two stations verifying one order at once exactly one is recorded; the other is refused naming it', async () => {
    const five = station('Station 5');
    const three = station('Station 3');
    await reachable(five);
    await reachable(three);
    const [a, b] = await Promise.all([
      five.verified(verifiedDraft('order-race')),
      three.verified(verifiedDraft('order-race')),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const refused = a.ok ? b : a;
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Already verified at Station [35]/) });
    const winner = (a.ok ? a : b) as { fact: { id: string } };
    await expect.poll(() => five.verificationOf('order-race')?.id).toBe(winner.fact.id);
    await expect.poll(() => three.verificationOf('order-race')?.id).toBe(winner.fact.id);
  });

  it('a claim at one station refuses the other, and frees the order two minutes after its station stopped', async () => {
    const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
    const five = station('Station 5', clock);
    const three = station('Station 3', clock);
    await reachable(five);
    await reachable(three);
    const [a, b] = await Promise.all([
      five.claim('order-c', 'C-1', technician),
      three.claim('order-c', 'C-1', technician),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const holder = a.ok ? five : three;
    const other = a.ok ? three : five;
    await expect.poll(() => other.claimOf('order-c')?.station.name).toBe(holder.station.name);
    clock.ms += CLAIM_LIVES_MS - 1000;
    // The holder's verify screen renews its claim: a heartbeat.
    expect(await holder.claim('order-c', 'C-1', technician)).toMatchObject({
      ok: true,
      fact: { kind: 'order_heartbeat' },
    });
    clock.ms += CLAIM_LIVES_MS - 1000;
    expect((await other.claim('order-c', 'C-1', technician)).ok).toBe(false);
    await holder.close();
    clock.ms += 2000;
    expect(other.claimOf('order-c')).toBeNull();
    expect((await other.claim('order-c', 'C-1', technician)).ok).toBe(true);
  });

  it('a released claim lets the other station claim the order at once', async () => {
    const five = station('Station 5');
    const three = station('Station 3');
    await reachable(five);
    await reachable(three);
    expect((await five.claim('order-r', null, technician)).ok).toBe(true);
    await five.release('order-r', technician);
    expect((await three.claim('order-r', null, technician)).ok).toBe(true);
  });

  it('a fact naming station 5 signed by another key, or replayed onto another prescription, is not believed', async () => {
    const three = station('Station 3');
    await reachable(three);
    const forger = stationKeyFromSeed(newStationSeed());
    const stationFive = stationKeyFromSeed(newStationSeed());
    const fact = {
      ...reviewDraft('rx-forged', 'reviewed'),
      id: 'forged-1',
      at: new Date().toISOString(),
      station: { name: 'Station 5', key: stationFive.publicKey },
    };
    // The body names station 5's key; the forger signs it with its own and says so.
    const body = JSON.stringify(fact);
    const forged = {
      body,
      signer: forger.publicKey,
      signature: Buffer.from(forger.sign(new TextEncoder().encode(body))).toString('base64url'),
    };
    // A genuine fact of station 5, replayed onto another prescription's subject.
    const genuine = signFact(fact, stationFive);
    const nc = await dial();
    const js = jetstream(nc);
    await js.publish(reviewSubject('rx-forged'), JSON.stringify(forged));
    await js.publish(reviewSubject('rx-other'), JSON.stringify(genuine));
    const marker = station('Station 9');
    await reachable(marker);
    await marker.append({ ...reviewDraft('rx-marker', 'reviewed'), person: pharmacist });
    await expect.poll(() => three.latestReview('rx-marker')).not.toBeNull();
    expect(three.latestReview('rx-forged')).toBeNull();
    expect(three.latestReview('rx-other')).toBeNull();
    await nc.close();
  });
});

describe('a station that was closed', () => {
  it('reads on from where its copy ends: the decisions given meanwhile, each once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nats-record-closed-'));
    dirs.push(dir);
    const seed = newStationSeed();
    const three = station('Station 3', undefined, { dir, seed });
    const five = station('Station 5');
    await reachable(three);
    await reachable(five);
    await five.append(reviewDraft('rx-before', 'reviewed'));
    await expect.poll(() => three.latestReview('rx-before')).not.toBeNull();
    await three.close();
    await five.append(reviewDraft('rx-meanwhile', 'exception'));
    const again = station('Station 3', undefined, { dir, seed });
    await expect.poll(() => again.latestReview('rx-meanwhile')?.decision).toBe('exception');
    expect(again.factsOf('prescription_reviewed').map((f) => f.prescription_id)).toEqual(
      expect.arrayContaining(['rx-before', 'rx-meanwhile']),
    );
    const ids = again.factsOf('prescription_reviewed').map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the pharmacy record when it cannot be reached', () => {
  it('says so, keeps its queued facts through a restart, publishes them when back, and refuses a verification made elsewhere meanwhile with an alarm at every station', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nats-record-kept-'));
    dirs.push(dir);
    const seed = newStationSeed();
    const five = station('Station 5', undefined, { dir, seed });
    const three = station('Station 3');
    const alarmsAtThree: string[] = [];
    three.onConflict((fact) =>
      alarmsAtThree.push(`${fact.order_id} at ${fact.station.name}, stands at ${fact.verified_at}`),
    );
    await reachable(five);
    await reachable(three);
    await nats.kill();
    await expect.poll(() => five.status().state).toBe('unreachable');
    const hold = await five.append(reviewDraft('rx-offline', 'exception'));
    expect(hold.queued).toBe(true);
    expect(five.latestReview('rx-offline')?.decision).toBe('exception');
    const offline = await five.verified(verifiedDraft('order-offline'));
    expect(offline).toMatchObject({ ok: true, queued: true });
    expect(five.status()).toMatchObject({ state: 'unreachable', pending: 2 });
    // Station 5 is closed while the record is down; station 3 reaches the record first and verifies the same order.
    await five.close();
    await nats.restart();
    await reachable(three);
    expect((await three.verified(verifiedDraft('order-offline'))).ok).toBe(true);
    const again = station('Station 5', undefined, { dir, seed });
    const alarmsAtFive: string[] = [];
    again.onConflict((fact) => alarmsAtFive.push(fact.order_id));
    await reachable(again);
    await expect.poll(() => again.status()).toMatchObject({ pending: 0, conflicts: 1 });
    // The conflict is in the record and raises an alarm at every station, once.
    await expect.poll(() => alarmsAtThree).toEqual(['order-offline at Station 5, stands at Station 3']);
    await expect.poll(() => alarmsAtFive).toEqual(['order-offline']);
    await expect.poll(() => three.latestReview('rx-offline')?.decision).toBe('exception');
    await expect.poll(() => again.verificationOf('order-offline')?.station.name).toBe('Station 3');
  });
});
