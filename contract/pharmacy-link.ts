// The link between the pharmacy's stations on NATS: who may publish and read what. `relay -- init` (relay/link/)
// writes a nats-server configuration from it, one nkey user per station and one for the relay; the streams it
// names are made by IT's admin step with the limits below. The record's names are the record's own
// (contract/pharmacy-record.ts on the record's branch): the same values here, to be one declaration once both land.
import { PHARMACY_STREAM, PHARMACY_SUBJECT_ROOT } from './pharmacy-stream.ts';

/** The JetStream stream of the pharmacy's record (append-only: no delete, no purge, no rollup). */
export const RECORD_STREAM = 'PHARMACY_RECORD';
/** Every subject of the record starts with this. */
export const RECORD_SUBJECT_ROOT = 'record';
/** The key-value bucket of claims (its stream is `KV_PHARMACY_CLAIMS`). */
export const CLAIMS_BUCKET = 'PHARMACY_CLAIMS';

/**
 * The relay's heartbeat: a core NATS message no stream keeps (outside `pharmacy.>` and `record.>`), published every
 * `RELAY_HEARTBEAT_MS` while the relay runs; a station that hears none for `RELAY_BEATS_MISSED` beats counts the relay
 * down (the relay process gone while nats-server is up) and polls the service.
 */
export const RELAY_HEARTBEAT_SUBJECT = 'relay.heartbeat';
export const RELAY_HEARTBEAT_MS = 3_000;
export const RELAY_BEATS_MISSED = 3;

/** A station's (or the relay's) name on the link: lower-case letters, digits, `-` and `_`, as IT lists them. */
export const LINK_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** The durable consumer a station reads the pharmacy's stream through (created by IT; the station only binds it). */
export function stationConsumerName(stationId: string): string {
  return `station-${stationId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}`;
}

/** The prefix of a client's reply inboxes: each user hears only its own replies. */
export function inboxPrefixOf(name: string): string {
  return `_INBOX_${name}`;
}

export interface StreamLimits {
  /** The most the stream may hold, in bytes: past it a write is refused (discard new), never history dropped. */
  maxBytes: number;
  /** The most messages it may hold. */
  maxMsgs: number;
  /** The largest single message, in bytes. */
  maxMsgSize: number;
}

/** The service events and stations' shares: small messages, a week and a day of them for 30 stations. */
export const EVENTS_LIMITS: StreamLimits = { maxBytes: 1024 * 1024 * 1024, maxMsgs: 2_000_000, maxMsgSize: 8 * 1024 };
/** The record: every fact for years; a fact is at most 16 KB of signed JSON. */
export const RECORD_LIMITS: StreamLimits = {
  maxBytes: 8 * 1024 * 1024 * 1024,
  maxMsgs: 20_000_000,
  maxMsgSize: 32 * 1024,
};
/** The claims bucket: the current claim of each order, a few revisions each. */
export const CLAIMS_LIMITS: StreamLimits = { maxBytes: 256 * 1024 * 1024, maxMsgs: 1_000_000, maxMsgSize: 16 * 1024 };

export interface Permissions {
  publish: string[];
  subscribe: string[];
}

const api = '$JS.API';
const claimsStream = `KV_${CLAIMS_BUCKET}`;

/**
 * The relay: publishes the service's events (and nothing a station writes), keeps its stream (creates it again when
 * it is gone, sets its retention; never deletes or purges it) and follows the stations' claims on it.
 */
export function relayPermissions(name = 'relay'): Permissions {
  const s = PHARMACY_STREAM;
  return {
    publish: [
      `${PHARMACY_SUBJECT_ROOT}.service.>`,
      RELAY_HEARTBEAT_SUBJECT,
      `${api}.INFO`,
      `${api}.STREAM.INFO.${s}`,
      `${api}.STREAM.CREATE.${s}`,
      `${api}.STREAM.UPDATE.${s}`,
      // A duplicate's stored message, to tell its own event from a key a station squatted.
      `${api}.STREAM.MSG.GET.${s}`,
      // The order watch's ordered consumer, filtered to the stations' order subjects only.
      `${api}.CONSUMER.CREATE.${s}.*.${PHARMACY_SUBJECT_ROOT}.station.order.>`,
      `${api}.CONSUMER.MSG.NEXT.${s}.*`,
      // The record's enrolments, read by message: whose claims the order watch follows.
      `${api}.STREAM.MSG.GET.${RECORD_STREAM}`,
    ],
    subscribe: [`${inboxPrefixOf(name)}.>`],
  };
}

/**
 * A station: reads the pharmacy's stream only through its own durable consumer, publishes what it shares and its
 * audit checkpoints there, and the record's facts and claims; it creates, updates, purges or deletes no stream and
 * no other station's consumer, and publishes no service event.
 */
export function stationPermissions(stationId: string): Permissions {
  const s = PHARMACY_STREAM;
  const own = stationConsumerName(stationId);
  return {
    publish: [
      `${PHARMACY_SUBJECT_ROOT}.station.>`,
      `${PHARMACY_SUBJECT_ROOT}.audit.>`,
      `${RECORD_SUBJECT_ROOT}.>`,
      `$KV.${CLAIMS_BUCKET}.>`,
      `${api}.INFO`,
      // Its own durable consumer only: the station's code makes it again if IT's is gone (same name, its own); each
      // message acknowledged (without the ack subject every message would come again after the ack wait).
      `${api}.CONSUMER.CREATE.${s}.${own}`,
      `${api}.CONSUMER.INFO.${s}.${own}`,
      `${api}.CONSUMER.MSG.NEXT.${s}.${own}`,
      `$JS.ACK.${s}.${own}.>`,
      // The newest audit checkpoint of a chain (read by subject).
      `${api}.STREAM.MSG.GET.${s}`,
      // The record: read in order from where the station's copy ends (ordered consumers), a subject's last fact.
      `${api}.STREAM.INFO.${RECORD_STREAM}`,
      `${api}.STREAM.MSG.GET.${RECORD_STREAM}`,
      `${api}.CONSUMER.CREATE.${RECORD_STREAM}.>`,
      `${api}.CONSUMER.MSG.NEXT.${RECORD_STREAM}.*`,
      `$JS.FC.${RECORD_STREAM}.>`,
      // The claims bucket, opened (`Kvm.open`, not `create`): get, create, update by revision, watch.
      `${api}.STREAM.MSG.GET.${claimsStream}`,
      `${api}.CONSUMER.CREATE.${claimsStream}.>`,
      // Flow control of the watch: needed once the watch falls behind (a stall without it under load).
      `$JS.FC.${claimsStream}.>`,
    ],
    // The relay's heartbeat: heard, never published (a station cannot pretend the relay is up).
    subscribe: [`${inboxPrefixOf(stationId)}.>`, RELAY_HEARTBEAT_SUBJECT],
  };
}
