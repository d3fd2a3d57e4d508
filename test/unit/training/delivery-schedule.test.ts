// The webhook retry schedule is the one training/README.md documents: growing waits, a ceiling, eight attempts.
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_TIMEOUT_MS,
  MAX_ATTEMPTS,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  realDelayMs,
  retryDelayMs,
} from '../../../training/delivery/schedule.ts';

const second = 1_000;
const minute = 60 * second;

describe('the retry schedule', () => {
  it('waits 15-30 s after the first failure, then doubles up to a 32-minute ceiling', () => {
    const windows = [
      [15 * second, 30 * second],
      [30 * second, 60 * second],
      [1 * minute, 2 * minute],
      [2 * minute, 4 * minute],
      [4 * minute, 8 * minute],
      [8 * minute, 16 * minute],
      [16 * minute, 32 * minute],
    ];
    windows.forEach(([low, high], i) => {
      expect(retryDelayMs(i + 1, () => 0)).toBe(low);
      expect(retryDelayMs(i + 1, () => 1)).toBe(high);
    });
    expect(retryDelayMs(20, () => 1)).toBe(RETRY_CAP_MS);
  });

  it('never waits less than the wait before, whatever the jitter draws, up to the last attempt', () => {
    for (let failure = 1; failure + 1 < MAX_ATTEMPTS; failure++) {
      expect(retryDelayMs(failure + 1, () => 0)).toBeGreaterThanOrEqual(retryDelayMs(failure, () => 1));
    }
  });

  it('gives a receiver eight attempts and 10 seconds to answer each', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(DELIVERY_TIMEOUT_MS).toBe(10 * second);
    expect(RETRY_BASE_MS).toBe(30 * second);
  });

  it('divides every wait by the time scale, and treats a nonsense scale as real time', () => {
    expect(realDelayMs(30 * second, 100)).toBe(300);
    expect(realDelayMs(30 * second, 1)).toBe(30 * second);
    expect(realDelayMs(30 * second, 0)).toBe(30 * second);
    expect(realDelayMs(30 * second, Number.NaN)).toBe(30 * second);
  });
});
