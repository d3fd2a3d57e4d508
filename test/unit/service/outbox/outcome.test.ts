// The outbox's pure rules: what a failed attempt means, full-jitter backoff, and when an update already shows on a task.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../main/service/client/index.ts';
import { backoffMs, retryWaitMs, verdictFor } from '../../../../main/service/outbox/outcome.ts';
import { updateAlreadyApplied } from '../../../../main/service/outbox/reconcile.ts';

const failure = (status: number, code: string, retryAfterMs?: number) =>
  new ServiceError({ status, code, message: `${status} ${code}`, operation: 'tasks.create', retryAfterMs });

describe('what a failed attempt means', () => {
  it('a refusal from the service parks the write for a person, its outcome certain', () => {
    for (const status of [400, 403, 404, 409, 422]) {
      expect(verdictFor(failure(status, 'bad_request'))).toMatchObject({ kind: 'park', certain: true });
    }
  });

  it('network trouble, timeouts, 5xx and 429 are retried; an outage or a 429 pauses the whole queue', () => {
    expect(verdictFor(failure(0, 'network'))).toMatchObject({ kind: 'retry', global: true });
    expect(verdictFor(failure(0, 'timeout'))).toMatchObject({ kind: 'retry', global: true });
    expect(verdictFor(failure(500, 'internal'))).toMatchObject({ kind: 'retry', global: false });
    expect(verdictFor(failure(503, 'service_unavailable'))).toMatchObject({ kind: 'retry', global: true });
    expect(verdictFor(failure(429, 'rate_limited', 2_000))).toMatchObject({ kind: 'retry', retryAfterMs: 2_000 });
    expect(verdictFor(failure(408, 'http_408'))).toMatchObject({ kind: 'retry' });
  });

  it('a lost session keeps the write waiting instead of parking it', () => {
    expect(verdictFor(failure(401, 'unauthorized')).kind).toBe('signed_out');
    expect(verdictFor(failure(0, 'refresh_failed')).kind).toBe('signed_out');
  });

  it('a success whose answer cannot be read is parked without claiming it did not apply', () => {
    expect(verdictFor(failure(201, 'invalid_response'))).toMatchObject({ kind: 'park', certain: false });
  });

  it('a bug of our own is retried, not parked and not lost', () => {
    expect(verdictFor(new TypeError('x is undefined'))).toMatchObject({
      kind: 'retry',
      problem: { code: 'unexpected' },
    });
  });
});

describe('full-jitter backoff', () => {
  const settings = { baseMs: 100, maxMs: 1_000 };

  it('waits a random time below a ceiling that doubles each time, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, settings, () => 0.999))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(backoffMs(3, settings, () => 0)).toBe(0);
  });

  it('waits at least as long as the service asked in Retry-After', () => {
    expect(retryWaitMs(1, 5_000, settings, () => 0.5)).toBe(5_000);
    expect(retryWaitMs(1, 10, settings, () => 0.5)).toBe(50);
  });
});

describe('whether an update already shows on the task', () => {
  const task = {
    id: 't1',
    name: 'Check stock',
    description: 'v2',
    status_code: 'IN_PROGRESS',
    assignee: { id: 'u1', first_name: 'A', last_name: 'B' },
    watchers: [{ id: 'w2' }, { id: 'w1' }],
    order_id: null,
  };

  it('is true when every field the update sets has that value', () => {
    expect(updateAlreadyApplied(task, { description: 'v2', status_code: 'IN_PROGRESS' })).toBe(true);
    expect(updateAlreadyApplied(task, { assignee: 'u1', watchers: [{ id: 'w1' }, { id: 'w2' }] })).toBe(true);
    expect(updateAlreadyApplied(task, { order_id: null })).toBe(true);
  });

  it('is false as soon as one field differs, or for an empty update', () => {
    expect(updateAlreadyApplied(task, { description: 'v2', status_code: 'DONE' })).toBe(false);
    expect(updateAlreadyApplied(task, { assignee: null })).toBe(false);
    expect(updateAlreadyApplied(task, { watchers: [{ id: 'w1' }] })).toBe(false);
    expect(updateAlreadyApplied(task, {})).toBe(false);
  });
});
