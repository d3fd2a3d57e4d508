// Reading the shared record as it grows: the stream in order from where this station's copy ends (each message handed
// to `learn`, which believes it only for its signature), and the claims bucket's current claims, each signed too.
// After a reconnection the reading starts over from where the copy ends (`recordReader`): the ordered consumer of a
// restarted nats-server is gone, and the one the library makes again could stall until two idle heartbeats (15 s) are
// missed.
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { RECORD_STREAM } from '../../../contract/pharmacy-record.ts';
import { claimSubjectOfKey } from '../../../contract/pharmacy-record-subjects.ts';
import { readSignedFact, type TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { RecordView } from './record-view.ts';

export interface FollowParts {
  view: RecordView;
  trusts: TrustedKeys;
  log?: Logger | undefined;
  /** One message of the stream, its JSON (null when it is not JSON). */
  learn(subject: string, seq: number, raw: unknown): void;
  changed(): void;
}

function jsonOf(message: { json<T>(): T }): unknown {
  try {
    return message.json();
  } catch {
    // Not JSON: not a signed fact either, refused like any other.
    return null;
  }
}

/** Starts reading; answers what stops it. `abandoned` settling before the claims are watched stops it and throws. */
export async function followRecord(
  nc: NatsConnection,
  kv: KV,
  parts: FollowParts,
  abandoned: Promise<void> = new Promise(() => {}),
): Promise<() => void> {
  const { view } = parts;
  const placed = view.readTo();
  const consumer = await jetstream(nc).consumers.get(RECORD_STREAM, {
    ...(placed > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: placed + 1 } : {}),
  });
  // The claims are watched once the stream is read up to where it ended at the start: an enrolment is read before
  // the claims of the station it vouches for.
  const last = (await (await jetstreamManager(nc)).streams.info(RECORD_STREAM)).state.last_seq;
  let caughtUp = () => {};
  const readUp = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  if (placed >= last) caughtUp();
  const messages = await consumer.consume();
  let reading = true;
  void (async () => {
    for await (const m of messages) {
      // Stopped (a reconnection started the reading over): what was still buffered is read again there.
      if (!reading) break;
      parts.learn(m.subject, m.seq, jsonOf(m));
      view.setReadTo(m.seq);
      if (m.seq >= last) caughtUp();
    }
  })()
    .catch((error: unknown) => parts.log?.warn('reading the record stopped', { error: String(error) }))
    .finally(caughtUp);
  let watch: Awaited<ReturnType<KV['watch']>>;
  try {
    const first = await Promise.race([readUp.then(() => 'read up'), abandoned.then(() => 'started over')]);
    if (first === 'started over') throw new Error('the reading was started over');
    watch = await kv.watch({ key: 'order.>' });
  } catch (error) {
    reading = false;
    messages.stop();
    throw error;
  }
  void (async () => {
    for await (const entry of watch) {
      if (!reading) break;
      if (entry.operation !== 'PUT') continue;
      const read = readSignedFact(jsonOf(entry), claimSubjectOfKey(entry.key), parts.trusts);
      if (!read.ok || !('order_id' in read.fact)) continue;
      view.setClaim(read.fact.order_id, read.fact, entry.revision);
      parts.changed();
    }
  })().catch((error: unknown) => parts.log?.warn('watching the claims stopped', { error: String(error) }));
  return () => {
    reading = false;
    messages.stop();
    watch.stop();
  };
}

/** How soon a reading that could not start again (JetStream not ready yet after a restart) is tried again. */
export const RESUME_RETRY_MS = 2_000;

/** The one reading of the record under way: started, started over after a reconnection, stopped. */
export function recordReader(parts: FollowParts) {
  let stopReading: (() => void) | null = null;
  /** Each start or stop is a new turn: a reading that starts after a newer turn began is stopped at once. */
  let turn = 0;
  let endTurn = () => {};
  let turnEnded = new Promise<void>((resolve) => {
    endTurn = resolve;
  });
  const stop = () => {
    turn++;
    endTurn();
    turnEnded = new Promise<void>((resolve) => {
      endTurn = resolve;
    });
    stopReading?.();
    stopReading = null;
  };
  const startIn = async (mine: number, nc: NatsConnection, kv: KV) => {
    const reading = await followRecord(nc, kv, parts, turnEnded);
    if (mine === turn) stopReading = reading;
    else reading();
  };
  return {
    /** Starts reading; throws when the record cannot be read now. */
    async follow(nc: NatsConnection, kv: KV): Promise<void> {
      stop();
      await startIn(turn, nc, kv);
    },
    /**
     * After the connection's reconnection: the reading under way is stopped and started again from where this
     * station's copy ends, tried again every 2 s until it reads, the connection closes or a newer turn begins.
     */
    async resume(nc: NatsConnection, kv: KV): Promise<void> {
      stop();
      const mine = turn;
      for (let attempt = 1; mine === turn && !nc.isClosed(); attempt++) {
        parts.log?.info('reading the record again', { from: parts.view.readTo(), attempt });
        try {
          await startIn(mine, nc, kv);
          return;
        } catch (error) {
          parts.log?.warn('the record could not be read again; trying again', { error: String(error), attempt });
          await new Promise((resolve) => setTimeout(resolve, RESUME_RETRY_MS).unref());
        }
      }
    },
    stop,
  };
}
