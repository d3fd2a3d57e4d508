// Which pages of a long list to load, and how many rows the list has so far: the arithmetic behind the virtual lists.
import { formatCount } from '../../format/record-values.ts';

/**
 * What is known of a list's length. The bridge answers a page's items without the service's total, so the length
 * is learnt while scrolling: every full page means there may be more; a short page marks the end.
 */
export interface Extent {
  /** The highest page (1-based) that came back full; 0 before any. */
  fullThrough: number;
  /** The number of rows, once a short page (or a total) told it; null while unknown. */
  end: number | null;
}

export const emptyExtent: Extent = Object.freeze({ fullThrough: 0, end: null });

/** The extent after `page` answered `count` items (and the service's total when it gave one). */
export function extendExtent(extent: Extent, page: number, count: number, pageSize: number, total?: number): Extent {
  if (total !== undefined && Number.isInteger(total) && total >= 0) {
    return { fullThrough: Math.floor(total / pageSize), end: total };
  }
  if (count >= pageSize) {
    const fullThrough = Math.max(extent.fullThrough, page);
    // A full page past the old end: the list grew since.
    const end = extent.end !== null && page * pageSize > extent.end ? null : extent.end;
    return { fullThrough, end };
  }
  // A short page is the last one: the list ends inside it (it may have shrunk since an earlier page was read).
  const end = (page - 1) * pageSize + Math.max(0, count);
  return { fullThrough: Math.min(extent.fullThrough, page - 1), end };
}

/** Rows to lay out: all of them once the end is known, else every row read so far plus one page still to come. */
export function rowCountOf(extent: Extent, pageSize: number): number {
  return extent.end ?? (extent.fullThrough + 1) * pageSize;
}

/** The page (1-based) and the place in it of row `index` (0-based). */
export function locate(index: number, pageSize: number): { page: number; offset: number } {
  return { page: Math.floor(index / pageSize) + 1, offset: index % pageSize };
}

/** The pages holding rows `first` to `last` (inclusive, 0-based), in order; none when the range is empty. */
export function pagesCovering(first: number, last: number, pageSize: number): number[] {
  if (last < first || last < 0) return [];
  const from = locate(Math.max(0, first), pageSize).page;
  const to = locate(last, pageSize).page;
  const pages: number[] = [];
  for (let page = from; page <= to; page += 1) pages.push(page);
  return pages;
}

/** How a count of rows reads: "1,204 patients", or "at least 400 patients" while more may come. */
export function describeCount(extent: Extent, pageSize: number, noun: string): string {
  if (extent.end !== null) return `${formatCount(extent.end)} ${extent.end === 1 ? noun : `${noun}s`}`;
  const known = extent.fullThrough * pageSize;
  return known === 0 ? `Loading ${noun}s…` : `At least ${formatCount(known)} ${noun}s, more as you scroll`;
}

/** The selection after a move of `by` rows (or to the first/last row), kept inside the list. */
export function moveSelection(current: number, by: number | 'first' | 'last', count: number): number {
  if (count <= 0) return -1;
  if (by === 'first') return 0;
  if (by === 'last') return count - 1;
  if (current < 0) return by > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + by));
}

/**
 * What a row of the list shows: its data, "Loading…" while its page is being read, or that its page could not be read
 * (the message above says why and offers Try again): never a "Loading…" that cannot end.
 */
export function rowState(
  index: number,
  pageSize: number,
  hasRow: boolean,
  failedPages: ReadonlySet<number>,
): 'row' | 'loading' | 'unread' {
  if (hasRow) return 'row';
  return failedPages.has(locate(index, pageSize).page) ? 'unread' : 'loading';
}

/** True when nothing of the list is known and its first page failed: show the failure alone, no rows, no count. */
export function nothingRead(extent: Extent, failedPages: ReadonlySet<number>): boolean {
  return extent.fullThrough === 0 && extent.end === null && failedPages.has(1);
}
