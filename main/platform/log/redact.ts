// Removes credentials from anything the client surfaces: error messages, error bodies, log fields.

const REDACTED = '[redacted]';
/** `Bearer <token>` as in an Authorization header; `bearer` in other cases only before something token-like. */
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/g;
const BEARER_ANY_CASE = /\b(bearer)\s+(?=[A-Za-z0-9._~+/=-]*[\d._~+/=-])[A-Za-z0-9._~+/=-]{8,}/gi;
const BASIC = /\b(Basic)\s+[A-Za-z0-9+/]{8,}={0,2}/g;
/** A JWT: base64url JSON header (always begins `eyJ`), payload, optional signature. */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.?[A-Za-z0-9_-]*/g;
/** Object keys whose values are credentials whatever they look like. */
const SENSITIVE_KEY = /authorization|token|secret|password|api[_-]?key|cookie/i;
/** Shorter strings are not credentials; redacting them would garble ordinary words. */
const MIN_SECRET_LENGTH = 4;
const MAX_DEPTH = 20;

/** Replaces the exact secrets given, then anything shaped like a bearer token or a JWT. */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let result = text;
  const exact = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of exact) result = result.split(secret).join(REDACTED);
  return result
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(BEARER_ANY_CASE, `$1 ${REDACTED}`)
    .replace(BASIC, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED);
}

/** A deep copy of a JSON-like value with every string redacted and every credential-named key blanked. */
export function redactValue(value: unknown, secrets: Iterable<string> = []): unknown {
  const list = [...secrets];
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactText(item, list);
    if (item === null || typeof item !== 'object') return item;
    if (depth >= MAX_DEPTH) return REDACTED;
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      copy[redactText(key, list)] = SENSITIVE_KEY.test(key) && entry != null ? REDACTED : walk(entry, depth + 1);
    }
    return copy;
  };
  return walk(value, 0);
}

/** Remembers the tokens a client has used so their exact text is redacted even when it does not look like a token. */
export interface Redactor {
  remember(secret: string | null | undefined): void;
  text(text: string): string;
  value(value: unknown): unknown;
}

export function createRedactor(capacity = 16): Redactor {
  const secrets: string[] = [];
  return {
    remember(secret) {
      if (!secret || secrets.includes(secret)) return;
      secrets.push(secret);
      if (secrets.length > capacity) secrets.shift();
    },
    text: (text) => redactText(text, secrets),
    value: (value) => redactValue(value, secrets),
  };
}
