// The pharmacy's event stream on NATS JetStream: its name, subjects and messages. The events relay (relay/)
// publishes the service's events there; each station consumes them and publishes what the service cannot hold
// (claims, verified, stops, reviews). Both sides read this one file; neither imports the other.
import { z } from 'zod';

/** The JetStream stream that holds every subject below. */
export const PHARMACY_STREAM = 'PHARMACY_EVENTS';
/** Every subject of the stream starts with this. */
export const PHARMACY_SUBJECT_ROOT = 'pharmacy';
/** `pharmacy.service.<event code with dots as _>`: what the service delivered to the relay. */
export const SERVICE_SUBJECT_PREFIX = `${PHARMACY_SUBJECT_ROOT}.service`;
/** `pharmacy.station.<kind>`: what a station shares with the others. */
export const STATION_SUBJECT_PREFIX = `${PHARMACY_SUBJECT_ROOT}.station`;
/** Default retention: a station off for a week (and a day) still gets what it missed. */
export const DEFAULT_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

/** NATS subject tokens may not hold `.`, `*`, `>` or white space: anything else is replaced by `_`. */
export function subjectToken(text: string): string {
  const token = text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
  return token === '' ? '_' : token;
}

export function serviceSubject(eventCode: string): string {
  return `${SERVICE_SUBJECT_PREFIX}.${subjectToken(eventCode)}`;
}

const shortText = z.string().max(200);
const nullableText = shortText.nullable();

/**
 * A service event as the relay publishes it: the dedupe key it computed from the whole delivery, and only the fields a
 * station uses. Deliberately without the patient's name: the stream is a copy at rest off the service.
 */
export const serviceEventMessage = z.strictObject({
  key: z.string().min(1).max(300),
  event_code: z.string().min(1).max(100),
  data: z.strictObject({
    id: z.string().min(1).max(200),
    url: z.string().max(2000),
    order_number: nullableText,
    status: nullableText,
    status_code: nullableText,
    status_name: nullableText,
  }),
  /** When the relay received it (ISO 8601). */
  received_at: z.string().max(40),
});
export type ServiceEventMessage = z.infer<typeof serviceEventMessage>;

/** What stations share, the service having no way to hold it. */
export const stationShareKinds = ['claimed', 'released', 'verified', 'stop_raised', 'reviewed'] as const;
export type StationShareKind = (typeof stationShareKinds)[number];

export const stationShareMessage = z.strictObject({
  /** Unique per message (the publisher's), so a resend is one message. */
  id: z.string().min(1).max(100),
  kind: z.enum(stationShareKinds),
  /** The order (claimed, released, verified, stop_raised) or prescription (reviewed) it is about. */
  subject_id: z.string().min(1).max(200),
  order_number: nullableText,
  /** The station's name as IT configured it ("Station 3"). */
  station: z.string().min(1).max(100),
  /** The person's display name as the service knows them ("Taylor"); never a token or email. */
  person: shortText,
  /** reviewed: the decision ("ok_to_fill", "do_not_fill"); stop_raised: the reason. */
  detail: nullableText,
  at: z.string().max(40),
});
export type StationShareMessage = z.infer<typeof stationShareMessage>;

/**
 * One subject per order (claims, releases, verified, stops) and per prescription (reviews): the stream's last message
 * on it is the order's state among the stations, and a claim is published expecting that last message's sequence, so
 * two stations claiming at once cannot both succeed.
 */
export function shareSubject(kind: StationShareKind, subjectId: string): string {
  const room = kind === 'reviewed' ? 'rx' : 'order';
  return `${STATION_SUBJECT_PREFIX}.${room}.${subjectToken(subjectId)}`;
}

/** A claim older than this no longer holds an order (the station that made it went away without releasing it). */
export const CLAIM_HOLDS_MS = 2 * 60 * 60 * 1000;

/**
 * `pharmacy.audit.<chain id>`: a station's signed audit checkpoints, an off-machine copy `npm run audit -- verify` reads
 * whole. One subject per chain, each checkpoint published expecting the subject's last sequence the station checked
 * its chain against, so a checkpoint of a chain that does not hold the one before it is never sent.
 */
export const AUDIT_SUBJECT_PREFIX = `${PHARMACY_SUBJECT_ROOT}.audit`;

export function auditSubject(chainId: string): string {
  return `${AUDIT_SUBJECT_PREFIX}.${subjectToken(chainId)}`;
}

/**
 * One signed checkpoint of a station's audit chain (main/audit/chain-state.ts): the chain had `records` links, the last
 * hashing `head`, at `at`; `signature` is the HMAC under the chain's key, which never leaves the station's keychain.
 */
export const auditCheckpointMessage = z.strictObject({
  chainId: z.string().min(1).max(100),
  records: z.number().int().min(0),
  head: z.string().max(64),
  at: z.string().max(40),
  signature: z.string().min(1).max(128),
  /** The station's name as IT configured it, for the person reading the stream. */
  station: z.string().min(1).max(100),
  /**
   * The chain this one replaced at a start because that one failed its own check there (kept aside in the data folder
   * as `keptAs`): `npm run audit -- verify --stream` names it, whatever the folder says now.
   */
  follows: z
    .strictObject({ chainId: z.string().min(1).max(100), problem: z.string().max(300), keptAs: z.string().max(200) })
    .optional(),
});
export type AuditCheckpointMessage = z.infer<typeof auditCheckpointMessage>;
