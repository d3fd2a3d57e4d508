// CI's share of `npm run fault -- offline`: the same scripted shift, shorter (5 orders, 2 unknown codes, 2 creates,
// 2 updates). It asserts counts and states only; the timings are printed by the fault run, never asserted here.
import { describe, expect, it } from 'vitest';
import { runOfflineShift } from './offline/shift.ts';

describe('an offline shift in Chromium against a frozen service', () => {
  it('keeps every write once, opens what was read, resumes the verification, and recovers by itself', async () => {
    const result = await runOfflineShift({ opened: 5, unknown: 2, creates: 2, updates: 2 });
    expect(result.problems).toEqual([]);
    expect(Number.isFinite(result.detectedMs)).toBe(true);
    // Frozen while idle, the station found it out by itself (the figure is the fault run's, not asserted here).
    expect(Number.isFinite(result.idleDetectedMs)).toBe(true);
    expect(result).toMatchObject({ queued: 4, synced: 4, duplicated: 0, lost: 0, verificationResumed: true });
  }, 300_000);
});
