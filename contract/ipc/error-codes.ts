// The closed list of codes an IpcError may carry: the renderer decides on meanings (not found, offline, expired),
// never on HTTP statuses or on whatever word a service put in its body. Grouped by who raises them.
import { z } from 'zod';

/** The bridge and the station itself. */
const stationCodes = [
  'unknown_channel',
  'invalid_input',
  'not_signed_in',
  'locked',
  'closed',
  'internal',
  'not_allowed',
  'already_running',
  /** A prescription label whose line is not verified at this station yet (a pharmacist may allow it, with a reason). */
  'not_verified',
  'bridge_missing',
  'bridge_unreachable',
  'bridge_unauthorized',
  'bridge_refused',
  'forbidden_sender',
  'station_unavailable',
] as const;

/** The service cannot be reached now: the station knows it is down, or the call got no answer. */
const unreachableCodes = [
  'offline',
  /** A write got no answer in time: it may or may not have been applied. */
  'timeout',
  'aborted',
] as const;

/** The session. */
const sessionCodes = [
  'invalid_credentials',
  'not_locked',
  'refresh_refused',
  'unauthenticated',
  /** Too many wrong passwords for this account in a row: it waits (the message says how long). */
  'too_many_attempts',
  /** The station's service was changed (an admin's choice): what was asked applies to the new one at the next sign-in. */
  'service_changed',
  /** A custom service nobody at this station has confirmed yet: no password goes to it until someone does. */
  'service_unconfirmed',
] as const;

/** The outbox. */
const outboxCodes = ['invalid_write', 'wrong_state'] as const;

/** What the service answered, by meaning. */
const serviceAnswerCodes = [
  'not_found',
  /** It existed once and no longer counts (a replaced or expired label). */
  'expired',
  'conflict',
  'forbidden',
  /** The service names an existing patient this one would duplicate (details carry its id). */
  'duplicate_patient',
  /** Any other refusal of the input (a 4xx); the message says why, details which field. */
  'refused',
  'rate_limited',
  /** The service failed (a 5xx). */
  'service_error',
  /** The service answered something the station cannot read. */
  'invalid_response',
] as const;

export const ipcErrorCodes = [
  ...stationCodes,
  ...unreachableCodes,
  ...sessionCodes,
  ...outboxCodes,
  ...serviceAnswerCodes,
] as const;

export const ipcErrorCode = z.enum(ipcErrorCodes);
export type IpcErrorCode = z.infer<typeof ipcErrorCode>;
