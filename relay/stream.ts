// The relay's side of NATS: one connection that reconnects forever, the pharmacy's stream made (or its retention
// updated) on every (re)connect, and publishing with the dedupe key as the message id.
import { AckPolicy, jetstream, jetstreamManager, type PubAck } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import {
  DEFAULT_RETENTION_MS,
  PHARMACY_STREAM,
  PHARMACY_SUBJECT_ROOT,
  type ServiceEventMessage,
  serviceSubject,
} from '../contract/pharmacy-stream.ts';

export { AckPolicy };

export interface NatsAccess {
  /** e.g. `nats://127.0.0.1:4222`; several for a cluster. */
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
}

/** How long JetStream itself drops a message id it saw (the service's retries within it cost nothing downstream). */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export function connectNats(access: NatsAccess, name: string): Promise<NatsConnection> {
  return connect({
    servers: access.servers,
    name,
    ...(access.user !== undefined ? { user: access.user } : {}),
    ...(access.pass !== undefined ? { pass: access.pass } : {}),
    ...(access.token !== undefined ? { token: access.token } : {}),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    timeout: 5_000,
  });
}

/** Creates the pharmacy's stream, or brings its retention to `retentionMs` when it exists. */
export async function ensurePharmacyStream(nc: NatsConnection, retentionMs = DEFAULT_RETENTION_MS): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: PHARMACY_STREAM,
    subjects: [`${PHARMACY_SUBJECT_ROOT}.>`],
    max_age: nanos(retentionMs),
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, retentionMs)),
  };
  try {
    await jsm.streams.info(PHARMACY_STREAM);
    await jsm.streams.update(PHARMACY_STREAM, config);
  } catch (error) {
    if (!/not found/i.test(error instanceof Error ? error.message : String(error))) throw error;
    await jsm.streams.add(config);
  }
}

/** Publishes one service event; resolves once JetStream has stored it (or recognised its key as a duplicate). */
export function publishServiceEvent(nc: NatsConnection, message: ServiceEventMessage): Promise<PubAck> {
  return jetstream(nc).publish(serviceSubject(message.event_code), JSON.stringify(message), {
    msgID: message.key,
    timeout: 5_000,
  });
}
