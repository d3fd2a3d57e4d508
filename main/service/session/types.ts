// The session's public shapes: options, the state the renderer may see (never a token), change events.

import type { Operations } from '../../../contract/service/operations.ts';
import type { Capability } from '../../../rules/capabilities.ts';
import type { SecretStore, SecretStoreKind } from '../../platform/keychain/secret-store.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { OperationCaller } from '../client/client.ts';
import type { DriftLog } from '../client/drift.ts';
import type { ServiceClient, TokenSource } from '../client/types.ts';

export type SessionStatus = 'signed_out' | 'signed_in' | 'locked';

export interface SessionUser {
  id: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** Everything the renderer may know about the sign-in. There is deliberately no token in it. */
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  role: string | null;
  /**
   * The service confirmed who this is in this run (sign-in, unlock, or a verify after a restore). A role read back
   * from disk alone allows reading only: pharmacist and admin actions wait for it.
   */
  roleConfirmed: boolean;
  /** What the role may do (rules/capabilities.ts `capabilitiesOf`), for the screen to show; main checks each channel. */
  capabilities: Capability[];
  /** When this sign-in ends (the refresh token's expiry, ISO 8601), or null when unknown or signed out. */
  expiresAt: string | null;
  /** Where the refresh token lives: 'memory' means "sign in again after a restart". */
  keychain: SecretStoreKind;
}

export type SessionChangeReason =
  | 'signed_in'
  | 'restored'
  | 'signed_out'
  | 'refresh_refused'
  | 'locked'
  | 'unlocked'
  | 'user_updated';

export interface SessionChange {
  state: SessionState;
  reason: SessionChangeReason;
}

export type SessionLog = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export interface SessionOptions {
  /** The service, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** From openSecretStore(keychainServiceName(serviceId), log): the keychain, or memory when there is none. */
  secrets: SecretStore;
  /** The data folder: session-state.json there remembers which account to restore (never a token). */
  dataDir: string;
  log: SessionLog;
  /**
   * What the service is remembered as (state file key); defaults to the base URL. Pass a stable name when the URL
   * changes between runs (the in-process training service on a random port), and use the same for the keychain name.
   */
  serviceId?: string;
  /** The clock that decides when the access token is due for renewal. Defaults to the wall clock. */
  clock?: () => Date;
  fetch?: typeof fetch;
  /** The most one service answer may carry (bytes; the setting serviceAnswerLimitMiB); default 32 MiB. */
  maxAnswerBytes?: number;
  /** Where the clients count what the service sent that had to be coerced, dropped or refused (the admin's panel). */
  drift?: DriftLog;
}

/** Who a confirmation proved to be, as the service's login answered: no token. */
export interface ConfirmedPerson extends SessionUser {
  role: string | null;
}

export type StationClient = ServiceClient<Operations>;

export interface Session {
  /** Signs in with email and password; the refresh token goes to the SecretStore, the access token stays in memory. */
  signIn(email: string, password: string): Promise<SessionState>;
  /** Signs the last account back in from its saved refresh token; signed out when there is none. */
  restore(): Promise<SessionState>;
  /** Ends the sign-in and removes its keychain entry. */
  signOut(): Promise<SessionState>;
  /** Locks the station (idle): background work keeps its tokens, the person must give the password again. */
  lock(): SessionState;
  unlock(password: string): Promise<SessionState>;
  state(): SessionState;
  /**
   * Checks another person's email and password against the service (a second person at the station: a pharmacist
   * confirming). The same per-account guessing backoff as sign-in applies. The signed-in session is not touched: the
   * answer's tokens are dropped here and never stored or passed on.
   */
  confirmPerson(email: string, password: string): Promise<ConfirmedPerson>;
  /** Called on every change with the new state and why; answers a function that stops the calls. */
  onChange(listener: (change: SessionChange) => void): () => void;
  /** The credentials for a service client: refreshes ahead of expiry and on a 401, one refresh at a time. */
  readonly tokens: TokenSource;
  /** The service client signed in as this session (calls fail with `unauthenticated` while signed out). */
  client(): StationClient;
  /** The same client's operations, called by their declaration (`operations.orders.get`): typed, no lookup by name. */
  caller(): OperationCaller;
}
