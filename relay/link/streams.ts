// The link's streams as IT's admin step makes them (and the relay makes its own again when it is gone): size and
// message limits that refuse a write rather than drop history (discard new), no message delete, no purge, no rollup
// header on the streams; the claims bucket (rollups stay on there: a KV purge needs them, and it holds no anchor).
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import {
  CLAIMS_BUCKET,
  CLAIMS_LIMITS,
  EVENTS_LIMITS,
  RECORD_LIMITS,
  RECORD_STREAM,
  RECORD_SUBJECT_ROOT,
  type StreamLimits,
  stationConsumerName,
} from '../../contract/pharmacy-link.ts';
import { DEFAULT_RETENTION_MS, PHARMACY_STREAM, PHARMACY_SUBJECT_ROOT } from '../../contract/pharmacy-stream.ts';
import { SHARE_STORED_WITHIN_MS } from '../../kits/signed-facts/signed-shares.ts';

/**
 * How long JetStream itself drops a message id it saw (the service's retries within it cost nothing downstream); a
 * station's share stored later than this after the time it gives is not believed (a replay).
 */
export const DUPLICATE_WINDOW_MS = SHARE_STORED_WITHIN_MS;

function limited(limits: StreamLimits) {
  return {
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.New,
    max_bytes: limits.maxBytes,
    max_msgs: limits.maxMsgs,
    max_msg_size: limits.maxMsgSize,
    deny_delete: true,
    deny_purge: true,
    allow_rollup_hdrs: false,
  };
}

/** The pharmacy's events stream: service events, stations' shares and audit checkpoints, kept `retentionMs`. */
export function eventsStreamConfig(
  retentionMs = DEFAULT_RETENTION_MS,
  limits = EVENTS_LIMITS,
  replicas = 1,
): Partial<StreamConfig> & { name: string } {
  return {
    name: PHARMACY_STREAM,
    subjects: [`${PHARMACY_SUBJECT_ROOT}.>`],
    ...limited(limits),
    num_replicas: replicas,
    max_age: nanos(retentionMs),
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, retentionMs)),
  };
}

/** The record: kept for good (no age), append-only. */
export function recordStreamConfig(limits = RECORD_LIMITS, replicas = 1): Partial<StreamConfig> & { name: string } {
  return {
    name: RECORD_STREAM,
    subjects: [`${RECORD_SUBJECT_ROOT}.>`],
    ...limited(limits),
    num_replicas: replicas,
    duplicate_window: nanos(2 * 60 * 1000),
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}

/**
 * Creates the stream, or updates it with `update` (default the whole `config`: limits may change; the deny flags only
 * ever tighten).
 */
export async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
  update: Partial<StreamConfig> = config,
): Promise<'created' | 'updated'> {
  try {
    await jsm.streams.info(config.name);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add(config);
    return 'created';
  }
  await jsm.streams.update(config.name, update);
  return 'updated';
}

export interface LinkStreamsOptions {
  stations: readonly string[];
  retentionMs?: number;
  replicas?: number;
  limits?: { events?: StreamLimits; record?: StreamLimits; claims?: StreamLimits };
}

/** IT's admin step: the three stores and each station's durable consumer on the events stream. */
export async function applyLinkStreams(jsm: JetStreamManager, nc: NatsConnection, options: LinkStreamsOptions) {
  const replicas = options.replicas ?? 1;
  const done: string[] = [];
  const events = eventsStreamConfig(options.retentionMs, options.limits?.events, replicas);
  done.push(`${PHARMACY_STREAM} ${await ensureStream(jsm, events)}`);
  done.push(`${RECORD_STREAM} ${await ensureStream(jsm, recordStreamConfig(options.limits?.record, replicas))}`);
  const claims = options.limits?.claims ?? CLAIMS_LIMITS;
  await new Kvm(nc).create(CLAIMS_BUCKET, {
    history: 5,
    max_bytes: claims.maxBytes,
    maxValueSize: claims.maxMsgSize,
    replicas,
  });
  done.push(`KV ${CLAIMS_BUCKET} ready`);
  for (const station of options.stations) {
    const durable = stationConsumerName(station);
    await jsm.consumers.add(PHARMACY_STREAM, stationConsumerConfig(durable));
    done.push(`consumer ${durable} ready`);
  }
  return done;
}

/** A station's durable consumer, the same as the station's code asks for (main/events/relay-consumer.ts). */
export function stationConsumerConfig(durable: string, maxInFlight = 256) {
  return {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_ack_pending: maxInFlight * 4,
  };
}
