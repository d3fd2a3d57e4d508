// The pages of a long list that the visible rows need, read through react-query as the list scrolls.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { resetExtent, updateExtent, useExtent } from './extents.ts';
import { type Extent, extendExtent, locate, pagesCovering, rowCountOf } from './paged-rows.ts';

export interface PagedSource<Row> {
  /** The query key of the list; page N is `[...key, N]`. */
  key: readonly string[];
  pageSize: number;
  fetchPage(page: number): Promise<Row[]>;
}

/** Pages scrolled past are dropped this long after they leave the screen, so a long scroll keeps memory flat. */
const PAGE_GC_MS = 20_000;

export function extentKeyOf(source: PagedSource<unknown>): string {
  return source.key.join('.');
}

/** What is known of the list's length; resets when none of its pages is left in the cache (after sign-out). */
export function useListExtent<Row>(source: PagedSource<Row>): { extent: Extent; rowCount: number } {
  const queryClient = useQueryClient();
  const key = extentKeyOf(source);
  useEffect(() => {
    const cached = queryClient.getQueriesData({ queryKey: source.key }).some(([, data]) => data !== undefined);
    if (!cached) resetExtent(key);
  }, [queryClient, source.key, key]);
  const extent = useExtent(key);
  return { extent, rowCount: rowCountOf(extent, source.pageSize) };
}

export interface PagedRows<Row> {
  rowAt(index: number): Row | undefined;
  /** Pages that failed and have nothing to show, with the message and a way to ask again. */
  failures: { page: number; message: string; retry(): void }[];
  /** Shown rows could not be refreshed (the service is unreachable): when the oldest of them was read. */
  staleSince: number | null;
}

/** The pages covering rows `first` to `last`, each read once and kept while on screen. */
export function usePagedRows<Row>(source: PagedSource<Row>, first: number, last: number): PagedRows<Row> {
  const key = extentKeyOf(source);
  const pages = useMemo(() => pagesCovering(first, last, source.pageSize), [first, last, source.pageSize]);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...source.key, page],
      queryFn: async () => {
        const rows = await source.fetchPage(page);
        updateExtent(key, (extent) => extendExtent(extent, page, rows.length, source.pageSize));
        return rows;
      },
      staleTime: 60_000,
      gcTime: PAGE_GC_MS,
    })),
  });
  const byPage = new Map<number, Row[]>();
  const failures: PagedRows<Row>['failures'] = [];
  let staleSince: number | null = null;
  results.forEach((result, i) => {
    const page = pages[i] as number;
    if (result.data) byPage.set(page, result.data);
    if (result.isError && !result.data) {
      failures.push({ page, message: result.error.message, retry: () => void result.refetch() });
    }
    if (result.isError && result.data) {
      staleSince = Math.min(staleSince ?? Number.POSITIVE_INFINITY, result.dataUpdatedAt);
    }
  });
  return {
    rowAt(index) {
      const { page, offset } = locate(index, source.pageSize);
      return byPage.get(page)?.[offset];
    },
    failures,
    staleSince,
  };
}
