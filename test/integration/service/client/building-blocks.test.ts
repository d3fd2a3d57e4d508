// The client's small parts on their own: single flight, Retry-After parsing, backoff, retry budget, redaction.
import { describe, expect, it } from 'vitest';
import {
  createSingleFlight,
  DEFAULT_RETRY,
  parseRetryAfter,
  redactText,
  redactValue,
} from '../../../../main/service/client/index.ts';
import { backoffDelay, createRetryBudget, retryDelay } from '../../../../main/service/client/retry.ts';

describe('single flight', () => {
  it('runs one task for many concurrent callers and a new one after it settles', async () => {
    let runs = 0;
    const flight = createSingleFlight(async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return runs;
    });
    const first = await Promise.all([flight.run(), flight.run(), flight.run()]);
    expect(first).toEqual([1, 1, 1]);
    expect(flight.settled).toBe(1);
    expect(flight.running).toBe(false);
    await expect(flight.run()).resolves.toBe(2);
  });

  it('shares a failure with every caller and then allows a fresh try', async () => {
    let runs = 0;
    const flight = createSingleFlight(() => {
      runs += 1;
      if (runs === 1) throw new Error('keychain locked');
      return Promise.resolve('ok');
    });
    const results = await Promise.allSettled([flight.run(), flight.run()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(flight.run()).resolves.toBe('ok');
    expect(runs).toBe(2);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores nonsense', () => {
    const now = Date.parse('2025-03-16T12:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sun, 16 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 16 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off with full jitter under a doubling ceiling capped at 5 s', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, DEFAULT_RETRY, () => 0.999999))).toEqual([
      199, 399, 799, 1599, 4999,
    ]);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });

  it('retries a 500 only when repeating is safe, and a 429 or 503 with Retry-After always', () => {
    const status = (s: number, retryAfterMs?: number) => ({ kind: 'status' as const, status: s, retryAfterMs });
    const half = () => 0.5;
    expect(retryDelay(status(500), 1, false, DEFAULT_RETRY, half)).toBeNull();
    expect(retryDelay(status(500), 1, true, DEFAULT_RETRY, half)).toBe(100);
    expect(retryDelay(status(503, 2000), 1, false, DEFAULT_RETRY, half)).toBe(2000);
    expect(retryDelay(status(429), 1, false, DEFAULT_RETRY, half)).toBe(100);
    expect(retryDelay(status(501), 1, true, DEFAULT_RETRY, half)).toBeNull();
    expect(retryDelay(status(409), 1, true, DEFAULT_RETRY, half)).toBeNull();
    expect(retryDelay({ kind: 'network' }, 1, false, DEFAULT_RETRY, half)).toBeNull();
    expect(retryDelay({ kind: 'timeout' }, 2, true, DEFAULT_RETRY, half)).toBe(200);
  });

  it('a retry budget starts at its floor and earns a fifth of a retry per request', () => {
    const budget = createRetryBudget(0.2, 2);
    expect([budget.tryRetry(), budget.tryRetry(), budget.tryRetry()]).toEqual([true, true, false]);
    for (let i = 0; i < 5; i += 1) budget.recordRequest();
    expect(budget.tryRetry()).toBe(true);
    expect(budget.tryRetry()).toBe(false);
  });
});

describe('redaction', () => {
  it('removes bearer tokens, basic credentials, JWTs and the exact secrets given', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature-1';
    const text = `Authorization: Bearer abc.def-123 basic Basic dXNlcjpwYXNzd29yZA== jwt ${jwt} plain s3cr3t-value`;
    const out = redactText(`${text} lower bearer abc123-def456`, ['s3cr3t-value']);
    expect(out).toBe(
      'Authorization: Bearer [redacted] basic Basic [redacted] jwt [redacted] plain [redacted] lower bearer [redacted]',
    );
  });

  it('keeps ordinary words and blanks credential-named keys in nested values', () => {
    expect(redactText('Basic plan for the bearer of this order')).toBe('Basic plan for the bearer of this order');
    const value = { message: 'ok', details: [{ refresh_token: 'x', password: 'p', nested: { note: 'Bearer zzz' } }] };
    expect(redactValue(value)).toEqual({
      message: 'ok',
      details: [{ refresh_token: '[redacted]', password: '[redacted]', nested: { note: 'Bearer [redacted]' } }],
    });
  });
});
