// Turns a request's bearer token into the signed-in user, by the kind of token the operation takes.
import type { AuthKind } from '../../contract/service/operation.ts';
import type { Db } from '../database/db.ts';
import { unauthorized } from '../http/errors.ts';
import type { AuthUser } from '../http/handler.ts';
import type { TokenIssuer } from './tokens.ts';
import { userById } from './users.ts';

export function createAuthenticator(db: Db, tokens: TokenIssuer) {
  return async function authenticate(kind: AuthKind, bearer: string | null, now: Date): Promise<AuthUser | null> {
    if (kind === 'none') return null;
    if (bearer === null) {
      throw unauthorized(
        kind === 'refresh'
          ? 'Send the refresh token as a Bearer token.'
          : 'Sign in: this operation needs a Bearer access token.',
      );
    }
    const claims = await tokens.verify(bearer, kind, now);
    const user = userById(db, claims.userId);
    if (user?.is_active !== 1) throw unauthorized('The account of this token is no longer active.');
    return { id: user.id, email: user.email, role: user.role };
  };
}
