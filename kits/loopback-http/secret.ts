// The shared-secret check of a loopback server (the bridge's run token, the listener's webhook secret).
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares in constant time: both sides are hashed to 32 bytes first, so neither the content nor the length of the
 * secret leaks through how long the comparison takes. An empty secret matches nothing.
 */
export function secretMatches(presented: string | null | undefined, secret: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(secret, 'utf8').digest();
  return timingSafeEqual(a, b) && secret.length > 0;
}
