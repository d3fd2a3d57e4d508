// The Host/Origin guard of every loopback server (the browser shell's bridge, the webhook listener, the training
// service): one rule, parameterised per server, so a page on another site (DNS rebinding, a form post) gets nothing.
import type { IncomingHttpHeaders } from 'node:http';

/** The loopback names a server may answer to; `127.0.0.0/8` is any address of that block (127.x.x.x). */
export type LoopbackName = '127.0.0.1' | '127.0.0.0/8' | 'localhost' | '[::1]';

/**
 * Which Host values a server answers:
 * - a fixed set of exact `name:port` values (lowercase): the bridge and the listener, which know their port;
 * - or loopback names on any port or none: the training service, reached as whatever address its caller was given.
 */
export type HostRule = ReadonlySet<string> | { names: readonly LoopbackName[]; anyPort: true };

export interface LoopbackRule {
  hosts: HostRule;
  /** The Origins allowed besides none at all; empty: any Origin header is a browser page's and refused. */
  origins: ReadonlySet<string>;
}

/** For servers that no web page may call: an Origin header of any value is refused. */
export const NO_ORIGINS: ReadonlySet<string> = new Set();

/** Every loopback address on any port: for a server that does not know the port its callers use. */
export const ANY_LOOPBACK_PORT: HostRule = { names: ['127.0.0.0/8', 'localhost', '[::1]'], anyPort: true };

/** The exact Host values `<name>:<port>` for the given loopback names (and any extra hosts, e.g. a tunnel's). */
export function loopbackHosts(
  port: number,
  names: readonly Exclude<LoopbackName, '127.0.0.0/8'>[],
  extra: readonly string[] = [],
): Set<string> {
  return new Set([...names.map((name) => `${name}:${port}`), ...extra.map((host) => host.toLowerCase())]);
}

/** The Origins `http://<name>:<port>` of a server's own pages. */
export function loopbackOrigins(port: number, names: readonly Exclude<LoopbackName, '127.0.0.0/8'>[]): Set<string> {
  return new Set(names.map((name) => `http://${name}:${port}`));
}

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** `name` and an optional `:port` (an IPv6 name is bracketed, so its colons are not the port's). */
const HOST_PARTS = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/;

function nameMatches(name: string, allowed: LoopbackName): boolean {
  return allowed === '127.0.0.0/8' ? IPV4_LOOPBACK.test(name) : name === allowed;
}

/** A missing Host (HTTP/1.0) is refused: the server cannot tell which name it was called by. */
export function hostAllowed(host: string | undefined, rule: HostRule): boolean {
  if (host === undefined) return false;
  const normalised = host.trim().toLowerCase();
  if (!('anyPort' in rule)) return rule.has(normalised);
  const name = HOST_PARTS.exec(normalised)?.[1];
  return name !== undefined && rule.names.some((allowed) => nameMatches(name, allowed));
}

/** No Origin header (curl, a same-origin GET, a server-to-server call) is fine; any other must be one of `allowed`. */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin === undefined || allowed.has(origin.trim().toLowerCase());
}

/** Which check a request fails, Host first; null when it passes both. */
export function loopbackRefusal(headers: IncomingHttpHeaders, rule: LoopbackRule): 'host' | 'origin' | null {
  if (!hostAllowed(headers.host, rule.hosts)) return 'host';
  if (!originAllowed(headers.origin, rule.origins)) return 'origin';
  return null;
}
