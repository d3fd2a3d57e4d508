// The relay's side of NATS: one connection that reconnects forever (its nkey and the pharmacy's CA when IT's link
// has them), the pharmacy's stream made (or its retention updated) on every (re)connect with the link's limits
// (link/streams.ts), and publishing with the dedupe key as the message id.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AckPolicy, jetstream, jetstreamManager, type PubAck } from '@nats-io/jetstream';
import { connect, type NatsConnection, type NodeConnectionOptions, nkeyAuthenticator } from '@nats-io/transport-node';
import { z } from 'zod';
import { inboxPrefixOf } from '../contract/pharmacy-link.ts';
import { DEFAULT_RETENTION_MS, type ServiceEventMessage, serviceSubject } from '../contract/pharmacy-stream.ts';
import { parseStoredJson } from '../kits/json/stored-json.ts';
import type { StationKey } from '../kits/signed-facts/signed-facts.ts';
import { signedHeaders } from '../kits/signed-facts/signed-messages.ts';
import { ensureStream, eventsStreamConfig } from './link/streams.ts';

export { AckPolicy };

export interface NatsAccess {
  /** e.g. `nats://127.0.0.1:4222`; several for a cluster. */
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
  /** The relay's nkey seed (`relay.nk` of `relay -- init`), read from its 0600 file at connect. */
  seedFile?: string;
  /** The pharmacy's CA: set, the connection demands TLS and checks the server against it. */
  caFile?: string;
}

export function connectNats(access: NatsAccess, name: string, inboxName = 'relay'): Promise<NatsConnection> {
  return connect(natsOptions(access, name, inboxName));
}

/** The relay's (or IT's admin step's) connect options: its nkey or user, TLS when demanded, its own reply inbox. */
export function natsOptions(access: NatsAccess, name: string, inboxName = 'relay'): NodeConnectionOptions {
  return {
    servers: access.servers,
    name,
    ...(access.user !== undefined ? { user: access.user } : {}),
    ...(access.pass !== undefined ? { pass: access.pass } : {}),
    ...(access.token !== undefined ? { token: access.token } : {}),
    ...(access.seedFile !== undefined
      ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(readFileSync(access.seedFile, 'utf8').trim())) }
      : {}),
    // A tls:// server demands TLS (the URL alone would connect in plaintext); the CA, when given, checks it.
    ...(access.caFile !== undefined || demandsTls(access.servers)
      ? { tls: access.caFile !== undefined ? { caFile: access.caFile } : {} }
      : {}),
    inboxPrefix: inboxPrefixOf(inboxName),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    timeout: 5_000,
  };
}

/** Any server written tls:// (or a CA given): the relay refuses a server that offers no TLS. */
function demandsTls(servers: readonly string[]): boolean {
  return servers.some((server) => server.trim().toLowerCase().startsWith('tls://'));
}

/**
 * Creates the pharmacy's stream with the link's limits when it is missing (gone, or a server that lost its store), or
 * brings its retention to `retentionMs` when it exists: the limits IT's admin step set stay as they are.
 */
export async function ensurePharmacyStream(
  nc: NatsConnection,
  retentionMs = DEFAULT_RETENTION_MS,
): Promise<'created' | 'updated'> {
  const config = eventsStreamConfig(retentionMs);
  const { max_age, duplicate_window } = config;
  return ensureStream(await jetstreamManager(nc), config, { max_age, duplicate_window });
}

/**
 * Publishes one service event; resolves once JetStream has stored it (or recognised its key as a duplicate of the
 * relay's own). The message id is the event's key, and JetStream's duplicate window is the whole stream's: a station
 * may publish its shares there, so a "duplicate" whose stored message is not this event (a key squatted ahead of a
 * real cancellation) is published again under a fresh id. Stations dedupe by the body's key, never by the id.
 */
export async function publishServiceEvent(
  nc: NatsConnection,
  message: ServiceEventMessage,
  signer?: StationKey,
): Promise<PubAck> {
  const subject = serviceSubject(message.event_code);
  const body = JSON.stringify(message);
  const js = jetstream(nc);
  // Signed with the relay's enrolled key: stations believe the event's origin from this signature alone.
  const signed = signer ? { headers: signedHeaders(body, signer) } : {};
  const ack = await js.publish(subject, body, { msgID: message.key, timeout: 5_000, ...signed });
  if (!ack.duplicate) return ack;
  const jsm = await jetstreamManager(nc);
  const stored = await jsm.streams.getMessage(ack.stream, { seq: ack.seq }).catch(() => null);
  if (stored?.subject === subject && isSameEvent(stored.string(), message.key)) return ack;
  const msgID = `${message.key}#${randomUUID()}`.slice(0, 300);
  return js.publish(subject, body, { msgID, timeout: 5_000, ...signed });
}

function isSameEvent(stored: string, key: string): boolean {
  try {
    return parseStoredJson(z.looseObject({ key: z.unknown().optional() }), stored, 'a stored event').key === key;
  } catch {
    return false;
  }
}
