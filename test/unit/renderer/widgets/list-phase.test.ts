// An empty state only after a successful read; a failed read is a failure, not an empty list and not a spinner.
import { describe, expect, it } from 'vitest';
import { listPhase } from '../../../../renderer/widgets/list-phase.ts';

const read = (over: Partial<Parameters<typeof listPhase>[0]>) => ({
  isPending: false,
  isError: false,
  fetchStatus: 'idle' as const,
  data: undefined,
  ...over,
});

describe('listPhase', () => {
  it('is reading while the first read runs', () => {
    expect(listPhase(read({ isPending: true, fetchStatus: 'fetching' }))).toBe('reading');
  });

  it('is failed, not read (so no "No tasks are assigned to you"), when the first read failed', () => {
    expect(listPhase(read({ isError: true }))).toBe('failed');
  });

  it('is read after a successful read, even of nothing, and stays read when a refresh fails', () => {
    expect(listPhase(read({ data: [] }))).toBe('read');
    expect(listPhase(read({ data: [], isError: true }))).toBe('read');
  });

  it('is idle, neither reading nor empty, while a read does not run (disabled or paused offline)', () => {
    expect(listPhase(read({ isPending: true, fetchStatus: 'idle' }))).toBe('idle');
    expect(listPhase(read({ isPending: true, fetchStatus: 'paused' }))).toBe('idle');
  });
});
