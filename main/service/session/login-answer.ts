// What a login answer gives the session: the credentials to keep (tokens and when they end) and the profile to
// remember for the next start (never a token).
import type { LoginResponse, User } from '../../../contract/service/auth.ts';
import type { RememberedAccount } from './account-memory.ts';
import { jwtExpiry } from './jwt.ts';
import { ACCESS_LIFETIME_MS, type Credentials } from './renewal.ts';

/** The non-secret part of a sign-in, as remembered for the next start. */
export function profileOf(user: User, account: string): RememberedAccount {
  return {
    email: account,
    userId: user.id ?? null,
    firstName: user.first_name ?? null,
    lastName: user.last_name ?? null,
    role: user.role ?? null,
  };
}

/** The tokens of a login answer, with their expiries read from the tokens (else the answer's, else the usual life). */
export function credentialsOf(answer: LoginResponse, account: string, now: number): Credentials {
  return {
    account,
    refreshToken: answer.refresh_token,
    accessToken: answer.access_token,
    accessExpiresAt: jwtExpiry(answer.access_token) ?? now + ACCESS_LIFETIME_MS,
    refreshExpiresAt: jwtExpiry(answer.refresh_token) ?? (answer.expires_at ? Date.parse(answer.expires_at) : null),
  };
}
