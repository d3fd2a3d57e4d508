// A long list whose page could not be read says so on its rows instead of "Loading…" forever.
import { describe, expect, it } from 'vitest';
import { emptyExtent, nothingRead, rowState } from '../../../../renderer/records/list/paged-rows.ts';

describe('the rows of a page that failed', () => {
  it('show "not read" for the failed page, "loading" for a page still being read, and the row when it came', () => {
    const failed = new Set([2]);
    expect(rowState(55, 50, false, failed)).toBe('unread');
    expect(rowState(10, 50, false, failed)).toBe('loading');
    expect(rowState(10, 50, true, failed)).toBe('row');
  });

  it('lays out nothing when the first page failed and nothing is known of the list', () => {
    expect(nothingRead(emptyExtent, new Set([1]))).toBe(true);
    expect(nothingRead(emptyExtent, new Set())).toBe(false);
    expect(nothingRead({ fullThrough: 1, end: null }, new Set([1]))).toBe(false);
  });
});
