// The kit's shared-secret check: exactly the same non-empty secret matches; nothing else, whatever its length or form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretMatches } from '../../../../kits/loopback-http/secret.ts';

describe('a presented secret', () => {
  it('matches only when it is the same non-empty string', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (presented, secret) => {
        expect(secretMatches(presented, secret)).toBe(presented === secret && secret.length > 0);
        expect(secretMatches(secret, secret)).toBe(secret.length > 0);
      }),
    );
  });

  it('never matches when none was presented', () => {
    for (const presented of [null, undefined]) expect(secretMatches(presented, 'run-token')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
  });
});
