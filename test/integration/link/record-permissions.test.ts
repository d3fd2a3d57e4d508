// The record's operations under one station's permissions from `relay -- init`: what the record needs works (a fact
// onto an empty subject with compare-and-set, read back in order and by subject; the claims bucket opened, written by
// revision and watched), and what would rewrite it is refused (a rollup on the record, the bucket destroyed).
import { JetStreamApiError, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { errors, headers, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_BUCKET, inboxPrefixOf, RECORD_STREAM } from '../../../contract/pharmacy-link.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
let station: NatsConnection;

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
  station = await link.connectAs('station-a');
});
afterAll(async () => {
  await station?.close();
  await link?.close();
});

describe("the record under a station's own permissions", () => {
  it('writes a verification only onto an empty subject, and reads the record back in order and by subject', async () => {
    const js = jetstream(station);
    const first = await js.publish('record.order.o-1.verified', '{"n":1}', { expect: { lastSubjectSequence: 0 } });
    const second = await js
      .publish('record.order.o-1.verified', '{"n":2}', { expect: { lastSubjectSequence: 0 } })
      .catch((e) => e);
    expect(second).toBeInstanceOf(JetStreamApiError);
    expect(second.code).toBe(10071);
    const jsm = await jetstreamManager(station, { checkAPI: false });
    const last = await jsm.streams.getMessage(RECORD_STREAM, { last_by_subj: 'record.order.o-1.verified' });
    expect(last?.seq).toBe(first.seq);
    const ordered = await js.consumers.get(RECORD_STREAM);
    const batch = await ordered.fetch({ max_messages: 1, expires: 2_000 });
    const read: string[] = [];
    for await (const message of batch) read.push(message.string());
    expect(read).toEqual(['{"n":1}']);
  });

  it('opens the claims bucket, claims by revision (one of two wins) and watches it', async () => {
    const kv = await new Kvm(jetstream(station, { watcherPrefix: inboxPrefixOf('station-a') })).open(CLAIMS_BUCKET);
    const watch = await kv.watch({ key: 'order.>' });
    const revision = await kv.create('order.o-2', 'claimed by a');
    await expect(kv.create('order.o-2', 'claimed by b')).rejects.toMatchObject({ code: 10071 });
    await kv.update('order.o-2', 'heartbeat a', revision);
    expect((await kv.get('order.o-2'))?.string()).toBe('heartbeat a');
    const seen: string[] = [];
    for await (const entry of watch) {
      seen.push(entry.string());
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(['claimed by a', 'heartbeat a']);
  });

  it('cannot roll the record up, delete a fact, or destroy the claims bucket', async () => {
    const rollup = headers();
    rollup.set('Nats-Rollup', 'sub');
    const refused = await jetstream(station)
      .publish('record.rx.r-1', '{}', { headers: rollup })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(JetStreamApiError);
    expect(refused.code).toBe(10111);
    const jsm = await jetstreamManager(station, { checkAPI: false });
    const deleted = await jsm.streams.deleteMessage(RECORD_STREAM, 1).catch((e) => e);
    expect(deleted.cause ?? deleted).toBeInstanceOf(errors.PermissionViolationError);
    const destroyed = await new Kvm(station)
      .open(CLAIMS_BUCKET)
      .then((kv) => kv.destroy())
      .catch((e) => e);
    expect(destroyed.cause ?? destroyed).toBeInstanceOf(errors.PermissionViolationError);
  });
});
