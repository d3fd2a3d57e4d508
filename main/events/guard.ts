// The listener's checks on a request, as pure functions: its loopback Host names, the bearer token, its refusals. The
// checks themselves (Host, Origin, JSON type, declared length, the secret in constant time) are the loopback HTTP
// kit's, named here too because they are the listener's rules (its tests read them from here).
import { loopbackHosts } from '../../kits/loopback-http/guard.ts';

export { declaredLength, isJsonContentType } from '../../kits/loopback-http/body.ts';
export { hostAllowed } from '../../kits/loopback-http/guard.ts';
export { secretMatches } from '../../kits/loopback-http/secret.ts';

/** A refused request: the status and a short message that never repeats anything the request carried. */
export interface Refusal {
  status: number;
  error: string;
  message: string;
  headers?: Record<string, string>;
}

export const MAX_DELIVERY_BYTES = 64 * 1024;
/** Past this much, a refused body is not drained any more: the 413 closes the connection instead. */
export const DISCARD_LIMIT_BYTES = 1024 * 1024;
/** Real deliveries nest a few levels; anything far deeper is an attack on whatever walks it recursively (dedupe keys). */
export const MAX_DELIVERY_DEPTH = 64;

/**
 * The Host values the listener answers: the loopback names with the listening port, and the host of a configured
 * public URL (a tunnel that keeps the Host it was called with). Anything else may be a DNS-rebinding page in a browser.
 */
export function allowedHosts(port: number, publicUrl?: string | null): ReadonlySet<string> {
  return loopbackHosts(port, ['127.0.0.1', 'localhost', '[::1]'], publicUrl ? tunnelHost(publicUrl) : []);
}

function tunnelHost(publicUrl: string): string[] {
  try {
    return [new URL(publicUrl).host];
  } catch {
    // The settings validate the public URL; an unparsable one simply adds nothing.
    return [];
  }
}

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? (match[1] as string) : null;
}

export const refusals = {
  forbiddenHost: {
    status: 403,
    error: 'forbidden',
    message: 'This listener answers only on its loopback address.',
  },
  forbiddenOrigin: {
    status: 403,
    error: 'forbidden',
    message: 'Requests from web pages are refused.',
  },
  notFound: { status: 404, error: 'not_found', message: 'Nothing here.' },
  methodNotAllowed: {
    status: 405,
    error: 'method_not_allowed',
    message: 'Deliveries are POSTed.',
    headers: { allow: 'POST' },
  },
  unauthorized: {
    status: 401,
    error: 'unauthorized',
    message: 'A delivery needs the webhook secret as a bearer token.',
    headers: { 'www-authenticate': 'Bearer realm="fulfillment-station"' },
  },
  noSecret: {
    status: 401,
    error: 'unauthorized',
    message: 'This workstation has no webhook secret yet; sign in first.',
    headers: { 'www-authenticate': 'Bearer realm="fulfillment-station"' },
  },
  secretUnavailable: {
    status: 503,
    error: 'unavailable',
    message: 'The webhook secret could not be read; try again later.',
    headers: { 'retry-after': '5' },
  },
  unsupportedType: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'A delivery is application/json.',
  },
  tooLarge: {
    status: 413,
    error: 'payload_too_large',
    message: `A delivery is at most ${MAX_DELIVERY_BYTES} bytes.`,
  },
  badJson: { status: 400, error: 'bad_request', message: 'The body is not valid JSON.' },
  tooDeep: {
    status: 400,
    error: 'bad_request',
    message: `A delivery nests objects and arrays at most ${MAX_DELIVERY_DEPTH} levels deep.`,
  },
  badShape: {
    status: 422,
    error: 'unprocessable_entity',
    message: 'The body is not a delivery: it needs event_code and data with id and url.',
  },
  notStored: {
    status: 503,
    error: 'unavailable',
    message: 'The delivery could not be stored; send it again.',
    headers: { 'retry-after': '5' },
  },
} as const satisfies Record<string, Refusal>;

/** True when a parsed JSON value nests objects or arrays deeper than `max`; walked without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop() as { value: unknown; depth: number };
    if (next === null || typeof next !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(next)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
