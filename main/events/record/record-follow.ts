// Reading the shared record as it grows: the stream in order from where this station's copy ends (each message handed
// to `learn`, which believes it only for its signature), and the claims bucket's current claims, each signed too.
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

/** Starts reading; answers what stops it. */
export async function followRecord(nc: NatsConnection, kv: KV, parts: FollowParts): Promise<() => void> {
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
  void (async () => {
    for await (const m of messages) {
      parts.learn(m.subject, m.seq, jsonOf(m));
      view.setReadTo(m.seq);
      if (m.seq >= last) caughtUp();
    }
  })()
    .catch((error: unknown) => parts.log?.warn('reading the record stopped', { error: String(error) }))
    .finally(caughtUp);
  await readUp;
  const watch = await kv.watch({ key: 'order.>' });
  void (async () => {
    for await (const entry of watch) {
      if (entry.operation !== 'PUT') continue;
      const read = readSignedFact(jsonOf(entry), claimSubjectOfKey(entry.key), parts.trusts);
      if (!read.ok || !('order_id' in read.fact)) continue;
      view.setClaim(read.fact.order_id, read.fact, entry.revision);
      parts.changed();
    }
  })().catch((error: unknown) => parts.log?.warn('watching the claims stopped', { error: String(error) }));
  return () => {
    messages.stop();
    watch.stop();
  };
}
