// The bridge's checks on a request, as pure functions: loopback Host, the shell's own Origin, the per-run token, JSON.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: a new one every run, never written anywhere but the printed address. */
export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The Host values the shell answers: its port on the loopback names. Anything else may be a DNS-rebinding page. */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  return host !== undefined && allowed.has(host.trim().toLowerCase());
}

/** The shell's own origins (the two loopback spellings of its address). */
export function ownOrigins(port: number): ReadonlySet<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** No Origin header (a same-origin GET, curl) is fine; one that is not the shell's own is another page's request. */
export function originAllowed(origin: string | undefined, own: ReadonlySet<string>): boolean {
  return origin === undefined || own.has(origin.trim().toLowerCase());
}

/** Constant time: both sides hashed to 32 bytes first, so neither content nor length leaks through timing. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== 'string' || token.length === 0) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(token, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** `application/json`, optionally with `charset=utf-8`; nothing else (a form post cannot reach the bridge). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  return type === 'application/json' && params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param));
}
