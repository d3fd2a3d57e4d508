// How a page gets into the browser shell without a bearer token on any command line: the address the shell prints or
// opens carries a one-time code (`/?code=…`), exchanged on first use for this run's page session, an HttpOnly,
// SameSite=Strict cookie the page's scripts cannot read, and then void. A process list may show the code; by then it
// opens nothing. Unused codes lapse after CODE_LIFETIME_MS.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BRIDGE_CODE_PARAM } from '../../../contract/ipc/bridge.ts';
import { secretMatches } from '../../../kits/loopback-http/secret.ts';

export const CODE_LIFETIME_MS = 10 * 60_000;

export interface PageSessions {
  /** A new address to open (`<origin>/?code=…`), good once, for CODE_LIFETIME_MS. */
  newAddress(): string;
  /** Spends a code: true the first time a live code is shown, never again. */
  redeem(code: string | null): boolean;
  /** The Set-Cookie header that gives a page this run's session. */
  cookieHeader(): string;
  /** True when the request carries this run's page session. */
  holds(req: IncomingMessage): boolean;
}

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/** The page sessions of one shell at `origin`; the cookie is named by port, so two shells on one computer differ. */
export function createPageSessions(origin: string, port: number, now: () => number = Date.now): PageSessions {
  const session = randomBytes(32).toString('base64url');
  const cookieName = `station-session-${port}`;
  /** Live codes by their hash (a lookup by hash reveals nothing about a code by its timing), to their expiry. */
  const codes = new Map<string, number>();
  return {
    newAddress() {
      const code = randomBytes(24).toString('base64url');
      for (const [hash, expires] of codes) if (expires <= now()) codes.delete(hash);
      codes.set(digest(code), now() + CODE_LIFETIME_MS);
      return `${origin}/?${BRIDGE_CODE_PARAM}=${code}`;
    },
    redeem(code) {
      if (!code || code.length > 256) return false;
      const hash = digest(code);
      const expires = codes.get(hash);
      codes.delete(hash);
      return expires !== undefined && expires > now();
    },
    cookieHeader: () => `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    holds(req) {
      const header = req.headers.cookie ?? '';
      const presented = header
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${cookieName}=`))
        ?.slice(cookieName.length + 1);
      return secretMatches(presented ?? null, session);
    },
  };
}
