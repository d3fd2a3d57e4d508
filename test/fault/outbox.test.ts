// CI's share of the outbox kill trials: the same harness as `npm run fault -- outbox`, with 10 SIGKILLs instead of 200.
import { describe, expect, it } from 'vitest';
import { runOutboxKillTrials } from './outbox/kill-trials.ts';

describe('the outbox under SIGKILL', () => {
  it('loses and doubles no task across 10 kills at random moments, counted in the service’s own task table', async () => {
    const result = await runOutboxKillTrials({ trials: 10 });
    expect(result.problems, `seed ${result.seed}`).toEqual([]);
    expect(result).toMatchObject({ trials: 10, lost: 0, duplicated: 0 });
    expect(result.tasks).toBeGreaterThan(0);
  }, 120_000);
});
