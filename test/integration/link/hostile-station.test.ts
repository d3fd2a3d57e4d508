// A hostile station: one station's own credentials from the link `relay -- init` wrote, against the real nats-server
// started with that configuration. Whatever it tries on the streams, the other stations' consumers or the service's
// subjects, the server refuses; and its flood stops at the limits without dropping anything already kept.
import { JetStreamApiError, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { errors, type NatsConnection, nanos } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STREAM, RELAY_HEARTBEAT_SUBJECT, stationConsumerName } from '../../../contract/pharmacy-link.ts';
import { PHARMACY_STREAM, serviceSubject } from '../../../contract/pharmacy-stream.ts';
import { publishServiceEvent } from '../../../relay/stream.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
let mallory: NatsConnection;
let admin: NatsConnection;

beforeAll(async () => {
  link = await startLink({
    stations: ['station-a', 'station-b'],
    limits: { events: { maxBytes: 64 * 1024, maxMsgs: 10_000, maxMsgSize: 8 * 1024 } },
  });
  mallory = await link.connectAs('station-a');
  admin = await link.connectAs('admin');
  // Something already kept, which nothing below may take away.
  await jetstream(admin).publish('pharmacy.audit.chain-b', '{"records":5}');
});
afterAll(async () => {
  await mallory?.close();
  await admin?.close();
  await link?.close();
});

/** The server said no to this user (a permissions violation), rather than any other failure. */
async function refusedByPermissions(attempt: Promise<unknown>): Promise<void> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const cause = (error as Error & { cause?: unknown }).cause;
  expect(cause ?? error).toBeInstanceOf(errors.PermissionViolationError);
}

async function streamState(name: string) {
  return (await (await jetstreamManager(admin)).streams.info(name)).state;
}

describe('a station with its own credentials cannot harm the pharmacy link', () => {
  it('cannot delete the pharmacy stream or the record', async () => {
    const jsm = await jetstreamManager(mallory);
    await refusedByPermissions(jsm.streams.delete(PHARMACY_STREAM));
    await refusedByPermissions(jsm.streams.delete(RECORD_STREAM));
    expect((await streamState(PHARMACY_STREAM)).messages).toBeGreaterThan(0);
    await streamState(RECORD_STREAM);
  });

  it('cannot purge the audit checkpoints, and not even IT can once the stream is made', async () => {
    const jsm = await jetstreamManager(mallory);
    await refusedByPermissions(jsm.streams.purge(PHARMACY_STREAM, { filter: 'pharmacy.audit.>' }));
    await refusedByPermissions(jsm.streams.deleteMessage(PHARMACY_STREAM, 1));
    const it = await jetstreamManager(admin);
    await expect(it.streams.purge(PHARMACY_STREAM, { filter: 'pharmacy.audit.>' })).rejects.toMatchObject({
      code: 10110,
    });
    await expect(it.streams.deleteMessage(PHARMACY_STREAM, 1)).rejects.toMatchObject({ code: 10057 });
    expect((await streamState(PHARMACY_STREAM)).first_seq).toBe(1);
  });

  it("cannot shorten the stream's retention to two seconds", async () => {
    const before = (await (await jetstreamManager(admin)).streams.info(PHARMACY_STREAM)).config.max_age;
    const jsm = await jetstreamManager(mallory);
    await refusedByPermissions(jsm.streams.update(PHARMACY_STREAM, { max_age: nanos(2_000) }));
    const after = (await (await jetstreamManager(admin)).streams.info(PHARMACY_STREAM)).config.max_age;
    expect(after).toBe(before);
    expect(after).toBeGreaterThan(nanos(24 * 60 * 60 * 1000));
  });

  it("cannot list, read through or delete another station's consumer", async () => {
    const other = stationConsumerName('station-b');
    const jsm = await jetstreamManager(mallory);
    await refusedByPermissions(jsm.consumers.list(PHARMACY_STREAM).next());
    await refusedByPermissions(jsm.consumers.info(PHARMACY_STREAM, other));
    await refusedByPermissions(jetstream(mallory).consumers.get(PHARMACY_STREAM, other));
    await refusedByPermissions(jsm.consumers.delete(PHARMACY_STREAM, other));
    expect((await (await jetstreamManager(admin)).consumers.info(PHARMACY_STREAM, other)).name).toBe(other);
  });

  it('cannot make a consumer of its own choosing on the pharmacy stream', async () => {
    const jsm = await jetstreamManager(mallory);
    await refusedByPermissions(jsm.consumers.add(PHARMACY_STREAM, { durable_name: 'spy', deliver_subject: 'spy' }));
    await refusedByPermissions(jsm.consumers.add(PHARMACY_STREAM, { durable_name: stationConsumerName('station-b') }));
  });

  it('cannot publish a service event (a fake "order paused")', async () => {
    const subject = serviceSubject('order.paused');
    await refusedByPermissions(jetstream(mallory).publish(subject, '{"key":"forged"}'));
    const kept = await (await jetstreamManager(admin)).streams.getMessage(PHARMACY_STREAM, { last_by_subj: subject });
    expect(kept).toBeNull();
  });

  it('cannot make a real cancellation pass for a duplicate by publishing its key first', async () => {
    const cancelled = {
      key: 'order.cancelled:o-77',
      event_code: 'order.cancelled',
      data: { id: 'o-77', url: '', order_number: 'ORD-77', status: 'cancelled', status_code: null, status_name: null },
      received_at: '2026-01-05T10:00:00.000Z',
    };
    const squat = await jetstream(mallory).publish('pharmacy.station.order.o-77', '{}', { msgID: cancelled.key });
    expect(squat.duplicate).toBe(false);
    const relay = await link.connectAs('relay');
    await publishServiceEvent(relay, cancelled);
    await relay.close();
    const subject = serviceSubject('order.cancelled');
    const kept = await (await jetstreamManager(admin)).streams.getMessage(PHARMACY_STREAM, { last_by_subj: subject });
    expect(kept?.json()).toMatchObject({ key: cancelled.key, event_code: 'order.cancelled' });
  });

  it('cannot hear the other clients: it subscribes to nothing but its own replies', async () => {
    const sub = mallory.subscribe('pharmacy.>');
    const ended = (async () => {
      for await (const _ of sub) {
        // Nothing may arrive.
      }
    })();
    await expect(ended).rejects.toBeInstanceOf(errors.PermissionViolationError);
  });

  it("hears the relay's heartbeat but cannot beat in the relay's name", async () => {
    const honest = await link.connectAs('station-b');
    const heard: string[] = [];
    honest.subscribe(RELAY_HEARTBEAT_SUBJECT, {
      callback: (_, message) => {
        heard.push(message.string());
      },
    });
    await honest.flush();
    // Refused by the server (a permissions violation it reports and drops): no other station hears it.
    mallory.publish(RELAY_HEARTBEAT_SUBJECT, '{"at":"forged"}');
    await mallory.flush();
    const relay = await link.connectAs('relay');
    relay.publish(RELAY_HEARTBEAT_SUBJECT, '{"at":"2026-01-05T10:00:00.000Z"}');
    await relay.flush();
    await expect.poll(() => heard).toEqual(['{"at":"2026-01-05T10:00:00.000Z"}']);
    await relay.close();
    await honest.close();
  });

  it('stops at the limits when it floods: a message too large is refused, and the stream refuses once full', async () => {
    const js = jetstream(mallory);
    const refusal = await js.publish('pharmacy.station.order.flood', new Uint8Array(60 * 1024)).catch((e) => e);
    expect(refusal).toBeInstanceOf(JetStreamApiError);
    expect(refusal.code).toBe(10054);
    let stored = 0;
    let full: unknown = null;
    for (let i = 0; i < 500 && full === null; i++) {
      await js.publish(`pharmacy.station.order.flood-${i}`, new Uint8Array(4 * 1024)).then(
        () => stored++,
        (e: unknown) => {
          full = e;
        },
      );
    }
    expect(full).toBeInstanceOf(JetStreamApiError);
    expect((full as JetStreamApiError).code).toBe(10077);
    expect(stored).toBeLessThan(16);
    const state = await streamState(PHARMACY_STREAM);
    expect(state.bytes).toBeLessThanOrEqual(64 * 1024);
    // Refused, not dropped: the checkpoint kept before the flood is still the first message.
    expect(state.first_seq).toBe(1);
  });
});
