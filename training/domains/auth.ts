// The auth operations: login with email and password, refresh with the refresh token, verify the access token.
import type { authOperations } from '../../contract/service/auth.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { TokenIssuer } from '../auth/tokens.ts';
import { userByEmail, userById, userView } from '../auth/users.ts';
import { unauthorized } from '../http/errors.ts';
import type { Handlers } from '../http/handler.ts';

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
const DECOY_HASH = `scrypt$16384$${'00'.repeat(16)}$${'00'.repeat(32)}`;

/**
 * `wallClock`: tokens live 60 minutes and 7 days of real time, whatever the simulation does to the service clock.
 * `throttle`: wrong passwords in a row make an account wait before its next try (429 with Retry-After).
 */
export function authHandlers(
  tokens: TokenIssuer,
  wallClock: () => Date,
  throttle: LoginThrottle,
): Handlers<{ auth: typeof authOperations }>['auth'] {
  return {
    async login({ body, db }) {
      const user = await throttle.inTurn(body.email, async () => {
        throttle.check(body.email);
        const found = userByEmail(db, body.email);
        const ok = await verifyPassword(body.password, found?.password_hash ?? DECOY_HASH);
        if (!found || !ok || found.is_active !== 1) {
          throttle.failed(body.email);
          throw unauthorized('The email or password is not right.');
        }
        throttle.succeeded(body.email);
        return found;
      });
      const now = wallClock();
      const access = await tokens.issue(user.id, 'access', now);
      const refresh = await tokens.issue(user.id, 'refresh', now);
      return {
        access_token: access.token,
        refresh_token: refresh.token,
        expires_at: refresh.expiresAt.toISOString(),
        user: userView(user),
      };
    },
    async refresh({ user }) {
      const now = wallClock();
      const access = await tokens.issue((user as { id: string }).id, 'access', now);
      return { access_token: access.token, expires_at: access.expiresAt.toISOString() };
    },
    verify({ user, db }) {
      const row = user ? userById(db, user.id) : undefined;
      return row ? { valid: true, user: userView(row) } : { valid: false };
    },
  };
}
