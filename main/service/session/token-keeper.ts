// Holds the tokens in memory and renews the access token: ahead of expiry and on a 401, one renewal at a time.
import { isServiceError, ServiceError } from '../client/errors.ts';
import { createSingleFlight } from '../client/single-flight.ts';
import type { TokenSource } from '../client/types.ts';
import { notSignedInError, refreshRefusedError, repeatFailure } from './errors.ts';
import { jwtExpiry } from './jwt.ts';
import { ACCESS_LIFETIME_MS, accessUnusable, type Credentials, renewalBackoffMs, renewalDue } from './renewal.ts';
import type { SessionLog } from './types.ts';

export interface RefreshAnswer {
  access_token: string;
  /** Only from services that rotate refresh tokens. */
  refresh_token?: unknown;
}

export interface TokenKeeperDeps {
  now: () => number;
  log: SessionLog;
  /** POST /auth/refresh with the current refresh token (through the service client). */
  requestRefresh: () => Promise<RefreshAnswer>;
  /** The service refused the refresh token: end the session. Runs before the renewal's callers hear of it. */
  onRefused: () => Promise<void>;
  /** The service rotated the refresh token: store the new one. */
  onRotated: (credentials: Credentials) => Promise<void>;
  /** Every renewal that worked: the service answers this sign-in again. */
  onRenewed?: () => void;
}

export interface TokenKeeper {
  readonly tokens: TokenSource;
  /** The credentials in use, or null when signed out. */
  current(): Credentials | null;
  /** Sign-in, restore, sign-out: a renewal still in flight for the old credentials is then ignored. */
  replace(credentials: Credentials | null): void;
  /** Renews now (joining a renewal in flight). */
  renew(): Promise<void>;
}

/** Only the service saying no to the refresh token ends a session; an outage or a 5xx never does. */
function isRefusal(error: unknown): boolean {
  return isServiceError(error) && (error.status === 401 || error.status === 403);
}

function asServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  return new ServiceError({
    status: 0,
    code: 'network',
    operation: 'auth.refresh',
    message: 'The sign-in could not be renewed',
  });
}

export function createTokenKeeper(deps: TokenKeeperDeps): TokenKeeper {
  const { now, log } = deps;
  let credentials: Credentials | null = null;
  let generation = 0;
  let failures = 0;
  let retryAt = 0;
  let lastFailure: ServiceError | null = null;

  async function renewOnce(): Promise<void> {
    const held = credentials;
    const started = generation;
    if (held === null) throw notSignedInError();
    let answer: RefreshAnswer;
    try {
      answer = await deps.requestRefresh();
    } catch (error) {
      if (started !== generation) throw asServiceError(error);
      if (isRefusal(error)) {
        log.warn('the service refused to renew the sign-in; signing out', { status: (error as ServiceError).status });
        await deps.onRefused();
        throw refreshRefusedError();
      }
      failures += 1;
      const waitMs = renewalBackoffMs(failures);
      retryAt = now() + waitMs;
      lastFailure = asServiceError(error);
      log.warn('the sign-in could not be renewed now; it is kept and renewal will be tried again', {
        status: lastFailure.status,
        code: lastFailure.code,
        failures,
        retryInMs: waitMs,
      });
      throw lastFailure;
    }
    // Signed out, or signed in again, while this renewal was on its way: its answer belongs to nobody now.
    if (started !== generation || credentials !== held) return;
    held.accessToken = answer.access_token;
    held.accessExpiresAt = jwtExpiry(answer.access_token) ?? now() + ACCESS_LIFETIME_MS;
    failures = 0;
    retryAt = 0;
    lastFailure = null;
    if (typeof answer.refresh_token === 'string' && answer.refresh_token !== held.refreshToken) {
      held.refreshToken = answer.refresh_token;
      held.refreshExpiresAt = jwtExpiry(answer.refresh_token);
      await deps.onRotated(held);
    }
    deps.onRenewed?.();
    log.info('the access token was renewed', { accessExpiresAt: new Date(held.accessExpiresAt).toISOString() });
  }

  const flight = createSingleFlight(renewOnce);

  /** The access token to send now, renewing first when it is due (or has run out). */
  async function accessToken(): Promise<string | null> {
    const held = credentials;
    // Said here rather than answering null, which the client would turn into a failed renewal.
    if (held === null) throw notSignedInError();
    const at = now();
    if (!renewalDue(held, at)) return held.accessToken;
    const unusable = accessUnusable(held, at);
    if (at < retryAt && !flight.running) {
      // Waiting after a failed renewal: a token still valid serves meanwhile; without one, say why at once.
      if (!unusable) return held.accessToken;
      throw repeatFailure(lastFailure ?? asServiceError(null), retryAt - at);
    }
    try {
      await flight.run();
    } catch (error) {
      if (!unusable && credentials === held) return held.accessToken;
      throw error;
    }
    return credentials?.accessToken ?? null;
  }

  const tokens: TokenSource = {
    accessToken,
    refreshToken: () => credentials?.refreshToken ?? null,
    // After a 401 the token is bad whatever its exp says: renew (the client already made this one per burst).
    refresh: () => flight.run(),
  };

  return {
    tokens,
    current: () => credentials,
    replace(next) {
      credentials = next;
      generation += 1;
      failures = 0;
      retryAt = 0;
      lastFailure = null;
    },
    renew: () => flight.run(),
  };
}
