// Signed JWTs for the training service: access tokens for 60 minutes, refresh tokens for 7 days (spec §5, §8).
import { randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_LIFETIME_MINUTES, REFRESH_TOKEN_LIFETIME_DAYS } from '../../contract/service/auth.ts';
import type { Db } from '../database/db.ts';
import { unauthorized } from '../http/errors.ts';

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  kind: TokenKind;
  expiresAt: Date;
}

const ISSUER = 'fulfillment-station-training';
/** How far ahead of the wall clock a token's issue time may be (clocks of one machine; a little slack for rounding). */
const MAX_CLOCK_SKEW_MS = 60_000;
const lifetimeSeconds: Record<TokenKind, number> = {
  access: ACCESS_TOKEN_LIFETIME_MINUTES * 60,
  refresh: REFRESH_TOKEN_LIFETIME_DAYS * 24 * 3600,
};

/** The signing key lives in the service's own database, made once, so tokens survive a restart with a file database. */
export function signingKey(db: Db): Uint8Array {
  const row = db.get<{ value: string }>("SELECT value FROM service_settings WHERE key = 'jwt_signing_key'");
  if (row) return Buffer.from(row.value, 'hex');
  const key = randomBytes(32);
  db.run("INSERT INTO service_settings (key, value) VALUES ('jwt_signing_key', ?)", key.toString('hex'));
  return key;
}

export class TokenIssuer {
  private readonly key: Uint8Array;
  /** Verified tokens, so the hot path does not verify a signature on every request. Bounded. */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(key: Uint8Array) {
    this.key = key;
  }

  async issue(userId: string, kind: TokenKind, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + lifetimeSeconds[kind]) * 1000);
    const token = await new SignJWT({ typ: kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token of the given kind; a clear 401 otherwise. */
  async verify(token: string, kind: TokenKind, now: Date): Promise<TokenClaims> {
    let claims = this.verified.get(token);
    if (!claims) {
      claims = await this.verifySignature(token, now);
      if (this.verified.size >= 5000) this.verified.clear();
      this.verified.set(token, claims);
    }
    if (claims.expiresAt.getTime() <= now.getTime()) {
      throw unauthorized(
        claims.kind === 'access'
          ? 'The access token has expired; refresh it.'
          : 'The refresh token has expired; sign in again.',
      );
    }
    if (claims.kind !== kind) {
      throw unauthorized(
        kind === 'refresh'
          ? 'Refresh takes the refresh token, not the access token.'
          : 'This operation takes the access token, not the refresh token.',
      );
    }
    return claims;
  }

  private async verifySignature(token: string, now: Date): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
        // Expiry is judged above against the wall clock, with a message that says which token ran out; the lifetime
        // and issue time are judged below, so no tolerance can stretch a token past its 60 minutes or 7 days.
        clockTolerance: Number.MAX_SAFE_INTEGER,
      });
      const kind = payload.typ;
      if (
        (kind !== 'access' && kind !== 'refresh') ||
        typeof payload.sub !== 'string' ||
        typeof payload.exp !== 'number' ||
        typeof payload.iat !== 'number'
      ) {
        throw unauthorized('The token is not one this service issued.');
      }
      // A token issued on a clock ahead of the wall clock (an earlier build stamped tokens with the simulation's
      // clock) or living longer than its kind may is refused: sign in again for a token of the right length.
      if (payload.exp - payload.iat > lifetimeSeconds[kind] || payload.iat * 1000 > now.getTime() + MAX_CLOCK_SKEW_MS) {
        throw unauthorized('The token is not valid; sign in again.');
      }
      return { userId: payload.sub, kind, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof errors.JOSEError) throw unauthorized('The token is not valid; sign in again.');
      throw error;
    }
  }
}
