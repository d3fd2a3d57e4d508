// A read that may reuse what this sign-in read a moment ago (main/service/calls/service-calls.ts), through fakes of the
// station's ports and a real read cache on an injected clock: within the age given the kept answer is answered again
// and the service is not asked; older, or never read, the service is asked and its answer kept.
import { describe, expect, it } from 'vitest';
import { operations } from '../../../../contract/service/operations.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createReadCache, READ_CACHE_LIMITS } from '../../../../main/service/calls/read-cache.ts';
import type { ServiceCallParts } from '../../../../main/service/calls/service-calls.ts';
import { readRecent } from '../../../../main/service/calls/service-calls.ts';

const MINUTE = 60_000;

function station(clock: { now: number }) {
  const asked: string[] = [];
  let answer = 0;
  const parts = {
    session: {
      caller: () => ({
        call: async (operation: { name: string }) => {
          asked.push(operation.name);
          answer += 1;
          return [{ id: `risk-${answer}`, type: 'allergy' }];
        },
      }),
      state: () => ({ user: null }),
    },
    reads: createReadCache(READ_CACHE_LIMITS, () => clock.now),
    connectivity: {
      isOffline: () => false,
      nudge: () => {},
      watch: () => ({ signal: new AbortController().signal, done: () => {} }),
    },
    events: { suppress: () => {}, watch: () => {} },
    audit: { recordAdjustment: () => {} },
    log: createLogger({ scope: 'test', write: () => {} }),
  } as unknown as ServiceCallParts;
  return { parts, asked };
}

const input = { params: { patient_id: '4d1f0f5e-8a52-4d7e-9a43-0c1c4d2c1a11' } };

describe('a read that reuses what was read a moment ago', () => {
  it('answers what this sign-in read within the age given, without asking the service again', async () => {
    const clock = { now: 1_000_000 };
    const { parts, asked } = station(clock);
    const first = await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    clock.now += 9 * MINUTE;
    const again = await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    expect(asked).toEqual(['patients.riskFactors']);
    expect(again).toEqual({ value: first.value, asOf: null });
  });

  it('asks the service again once what it read is older than the age given, and keeps the new answer', async () => {
    const clock = { now: 1_000_000 };
    const { parts, asked } = station(clock);
    await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    clock.now += 11 * MINUTE;
    const fresh = await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    expect(asked).toEqual(['patients.riskFactors', 'patients.riskFactors']);
    expect(fresh.value).toEqual([{ id: 'risk-2', type: 'allergy' }]);
  });

  it('never reuses a read from before the person signed in changed (the cache is cleared)', async () => {
    const clock = { now: 1_000_000 };
    const { parts, asked } = station(clock);
    await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    parts.reads.clear();
    await readRecent(operations.patients.riskFactors, input, parts, 10 * MINUTE, () => clock.now);
    expect(asked).toHaveLength(2);
  });
});
