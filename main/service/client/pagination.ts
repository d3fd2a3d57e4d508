// List operations: one page with its pagination headers, and a walk over every item that always ends.
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, paginationHeaders } from '../../../contract/service/common.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import type { ClientContext } from './context.ts';
import { ServiceError } from './errors.ts';
import { callOperation, type RawInput } from './request.ts';
import type { Page, Pagination } from './types.ts';

/** Without a total on the first page the walk still stops somewhere. */
export const WALK_PAGE_LIMIT_WITHOUT_TOTAL = 1_000;

export function readPagination(headers: Headers): Pagination {
  const number = (name: string) => {
    const text = headers.get(name)?.trim();
    return text && /^\d+$/.test(text) ? Number(text) : undefined;
  };
  return {
    totalCount: number(paginationHeaders.totalCount),
    page: number(paginationHeaders.page),
    pageSize: number(paginationHeaders.pageSize),
    totalPages: number(paginationHeaders.totalPages),
    remainingCount: number(paginationHeaders.remainingCount),
  };
}

export async function fetchPage(
  ctx: ClientContext,
  operation: AnyOperation,
  input: RawInput = {},
): Promise<Page<unknown>> {
  if (!operation.paginated) {
    throw new ServiceError({
      status: 0,
      code: 'invalid_request',
      operation: operation.name,
      message: `${operation.name} is not a paginated operation`,
    });
  }
  const answer = await callOperation(ctx, operation, input);
  if (!Array.isArray(answer.data)) {
    throw new ServiceError({
      status: answer.status,
      code: 'invalid_response',
      operation: operation.name,
      message: `The service's answer to ${operation.name} is not a list`,
    });
  }
  return { items: answer.data, pagination: readPagination(answer.headers) };
}

/**
 * Every item from `query.page` (default 1) on. Items added or removed between pages shift the pages under the
 * walk, so items are deduplicated by id, and the number of pages is bounded by the first page's total plus a
 * margin, so a list that keeps growing, or a service that never says "0 remaining", cannot keep the walk going.
 */
export async function* walkItems(
  ctx: ClientContext,
  operation: AnyOperation,
  input: RawInput = {},
): AsyncGenerator<unknown, void, undefined> {
  const query = (input.query ?? {}) as Record<string, unknown>;
  const firstPage = Number(query.page ?? 1);
  const requestedSize =
    query.page_size === undefined ? PAGE_SIZE_DEFAULT : Math.min(Number(query.page_size), PAGE_SIZE_MAX);
  const seen = new Set<string>();
  let lastPage = firstPage + WALK_PAGE_LIMIT_WITHOUT_TOTAL - 1;
  for (let page = firstPage; ; page += 1) {
    const { items, pagination } = await fetchPage(ctx, operation, { ...input, query: { ...query, page } });
    for (const item of items) {
      const key = idOf(item);
      if (key !== undefined) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      yield item;
    }
    const pageSize = pagination.pageSize || requestedSize;
    if (page === firstPage) lastPage = firstPage - 1 + pageLimit(pagination, pageSize);
    if (isLastPage(page, items.length, pageSize, pagination)) return;
    if (page >= lastPage) {
      ctx.log.warn('list walk stopped at its page limit', { operation: operation.name, pages: page - firstPage + 1 });
      return;
    }
  }
}

function isLastPage(page: number, count: number, pageSize: number, pagination: Pagination): boolean {
  if (count === 0) return true;
  if (pagination.remainingCount !== undefined) return pagination.remainingCount === 0;
  if (pagination.totalPages !== undefined) return page >= pagination.totalPages;
  return count < pageSize;
}

/** Pages the walk may request: those the first page announced, plus a quarter (at least 3) for items added meanwhile. */
function pageLimit(pagination: Pagination, pageSize: number): number {
  const announced =
    pagination.totalPages ??
    (pagination.totalCount !== undefined ? Math.ceil(pagination.totalCount / Math.max(pageSize, 1)) : undefined);
  if (announced === undefined) return WALK_PAGE_LIMIT_WITHOUT_TOTAL;
  return Math.max(announced, 1) + Math.max(3, Math.ceil(announced / 4));
}

function idOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || !('id' in item)) return undefined;
  const { id } = item;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
