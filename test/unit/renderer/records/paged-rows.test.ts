// The long lists learn their length while scrolling: the right pages are asked for and the row count never lies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeCount,
  emptyExtent,
  extendExtent,
  locate,
  moveSelection,
  pagesCovering,
  rowCountOf,
} from '../../../../renderer/records/list/paged-rows.ts';

describe('the length of a list', () => {
  it('starts as one page still to come, and grows a page with every full page', () => {
    expect(rowCountOf(emptyExtent, 200)).toBe(200);
    const one = extendExtent(emptyExtent, 1, 200, 200);
    expect(rowCountOf(one, 200)).toBe(400);
    expect(describeCount(one, 200, 'patient')).toBe('At least 200 patients, more as you scroll');
  });

  it('is exact once a short page came back', () => {
    const end = extendExtent(extendExtent(emptyExtent, 1, 200, 200), 2, 37, 200);
    expect(end).toEqual({ fullThrough: 1, end: 237 });
    expect(rowCountOf(end, 200)).toBe(237);
    expect(describeCount(end, 200, 'patient')).toBe('237 patients');
  });

  it('is empty when the first page is', () => {
    const none = extendExtent(emptyExtent, 1, 0, 200);
    expect(rowCountOf(none, 200)).toBe(0);
    expect(describeCount(none, 200, 'patient')).toBe('0 patients');
  });

  it('takes the service’s total when it gives one', () => {
    expect(rowCountOf(extendExtent(emptyExtent, 1, 200, 200, 50_000), 200)).toBe(50_000);
  });

  it('grows again when a full page arrives past an end read earlier', () => {
    const ended = extendExtent(emptyExtent, 1, 10, 200);
    expect(extendExtent(ended, 1, 200, 200).end).toBeNull();
  });

  it('for any list, reading its pages in order ends at exactly its length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 250 }), (length, pageSize) => {
        let extent = emptyExtent;
        for (let page = 1; extent.end === null; page += 1) {
          const count = Math.max(0, Math.min(pageSize, length - (page - 1) * pageSize));
          // The list never asks for a page beyond the one after the last full page.
          expect(page).toBeLessThanOrEqual(extent.fullThrough + 1);
          extent = extendExtent(extent, page, count, pageSize);
          expect(rowCountOf(extent, pageSize)).toBeGreaterThanOrEqual(Math.min(length, page * pageSize));
        }
        expect(rowCountOf(extent, pageSize)).toBe(length);
      }),
    );
  });
});

describe('which pages to read', () => {
  it('finds the page and place of a row', () => {
    expect(locate(0, 200)).toEqual({ page: 1, offset: 0 });
    expect(locate(199, 200)).toEqual({ page: 1, offset: 199 });
    expect(locate(200, 200)).toEqual({ page: 2, offset: 0 });
  });

  it('asks for every page a visible range touches, and none for an empty range', () => {
    expect(pagesCovering(190, 410, 200)).toEqual([1, 2, 3]);
    expect(pagesCovering(5, 4, 200)).toEqual([]);
  });

  it('covers every row of any range with the pages it names', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(300), fc.integer({ min: 1, max: 300 }), (first, span, pageSize) => {
        const pages = pagesCovering(first, first + span, pageSize);
        for (let row = first; row <= first + span; row += 1) expect(pages).toContain(locate(row, pageSize).page);
        expect(pages.length).toBeLessThanOrEqual(Math.ceil((span + 1) / pageSize) + 1);
      }),
    );
  });
});

describe('moving the selection', () => {
  it('starts at the top going down and at the bottom going up', () => {
    expect(moveSelection(-1, 1, 10)).toBe(0);
    expect(moveSelection(-1, -1, 10)).toBe(9);
  });

  it('stays inside the list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 1000 }),
        fc.integer({ min: -500, max: 500 }),
        fc.nat(1000),
        (at, by, n) => {
          const next = moveSelection(Math.min(at, n - 1), by, n);
          if (n === 0) expect(next).toBe(-1);
          else expect(next >= 0 && next < n).toBe(true);
        },
      ),
    );
    expect(moveSelection(3, 'first', 10)).toBe(0);
    expect(moveSelection(3, 'last', 10)).toBe(9);
  });
});
