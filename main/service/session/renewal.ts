// When the access token is due for renewal, and how long to wait after a renewal failed (the service down or erring).
import { ACCESS_TOKEN_LIFETIME_MINUTES } from '../../../contract/service/auth.ts';

/** Renew this long before the access token ends, so no call goes out with a token about to run out. */
export const REFRESH_AHEAD_MS = 5 * 60_000;
export const ACCESS_LIFETIME_MS = ACCESS_TOKEN_LIFETIME_MINUTES * 60_000;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** What the session holds in memory; only refreshToken also goes to the SecretStore. */
export interface Credentials {
  /** The keychain account: the user's email. */
  account: string;
  refreshToken: string;
  accessToken: string | null;
  /** Epoch ms from the access token's `exp`. */
  accessExpiresAt: number | null;
  /** Epoch ms from the refresh token's `exp`. */
  refreshExpiresAt: number | null;
}

/** True when there is no access token, or it ends within REFRESH_AHEAD_MS. */
export function renewalDue(credentials: Credentials, nowMs: number): boolean {
  if (credentials.accessToken === null) return true;
  if (credentials.accessExpiresAt === null) return false;
  return nowMs >= credentials.accessExpiresAt - REFRESH_AHEAD_MS;
}

/** True when there is no access token the service would still take. */
export function accessUnusable(credentials: Credentials, nowMs: number): boolean {
  if (credentials.accessToken === null) return true;
  return credentials.accessExpiresAt !== null && nowMs >= credentials.accessExpiresAt;
}

/** 1 s, 2 s, 4 s ... up to a minute after the nth failure in a row. */
export function renewalBackoffMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
