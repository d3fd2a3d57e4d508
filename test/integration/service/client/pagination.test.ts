// Walking list operations page by page: every item once, clamped page sizes, lists that change mid-walk.
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, WALK_PAGE_LIMIT_WITHOUT_TOTAL } from '../../../../main/service/client/index.ts';
import { captureLogger, memoryTokens, testTable } from './fixtures.ts';
import { type RecordedRequest, type Reply, startTestServer, type TestServer } from './test-server.ts';

interface Item {
  id: string;
  name: string;
}

let server: TestServer | undefined;
afterEach(() => server?.close());

function makeItems(count: number, prefix = 'item'): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    name: `${prefix} ${i}`,
  }));
}

/** Serves `items` as the spec's list endpoint does: page/page_size (default 25, clamped to 200) and X- headers. */
function listPage(items: Item[], request: RecordedRequest, headers = true): Reply {
  const page = Number(request.query.get('page') ?? 1);
  const pageSize = Math.min(Number(request.query.get('page_size') ?? 25), 200);
  const slice = items.slice((page - 1) * pageSize, page * pageSize);
  if (!headers) return { json: slice };
  const remaining = Math.max(0, items.length - page * pageSize);
  return {
    json: slice,
    headers: {
      'X-Total-Count': String(items.length),
      'X-Page': String(page),
      'X-Page-Size': String(pageSize),
      'X-Total-Pages': String(Math.ceil(items.length / pageSize)),
      'X-Remaining-Count': String(remaining),
    },
  };
}

async function collect<T>(walk: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of walk) out.push(item);
  return out;
}

async function clientFor(handler: (request: RecordedRequest) => Reply) {
  server = await startTestServer(handler);
  const log = captureLogger();
  const client = createServiceClient(testTable, {
    baseUrl: server.url,
    tokens: memoryTokens('t0k3n-list'),
    logger: log.logger,
  });
  return { client, log, server };
}

describe('walking a paginated list', () => {
  it('a walk over 1,000 items with page_size 200 returns each item exactly once', async () => {
    const items = makeItems(1000);
    const { client, server } = await clientFor((request) => listPage(items, request));
    const walked = await collect(client.things.list.walk({ query: { page_size: 200 } }));
    expect(walked.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(server.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('page_size 500, clamped by the server to 200, still returns all 1,000 items', async () => {
    const items = makeItems(1000);
    const { client, server } = await clientFor((request) => listPage(items, request));
    const walked = await collect(client.things.list.walk({ query: { page_size: 500 } }));
    expect(walked).toHaveLength(1000);
    expect(new Set(walked.map((i) => i.id)).size).toBe(1000);
    expect(server.requests).toHaveLength(5);
  });

  it('items inserted at the front mid-walk cause no duplicates and every original item still comes once', async () => {
    const items = makeItems(1000);
    const { client } = await clientFor((request) => {
      const reply = listPage(items, request);
      if (request.query.get('page') === '2') items.unshift(...makeItems(50, 'new'));
      return reply;
    });
    const walked = await collect(client.things.list.walk({ query: { page_size: 200 } }));
    const ids = walked.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const original of makeItems(1000)) expect(ids).toContain(original.id);
  });

  it('items deleted mid-walk neither repeat an item nor keep the walk from ending', async () => {
    const items = makeItems(1000);
    const { client, server } = await clientFor((request) => {
      const reply = listPage(items, request);
      if (request.query.get('page') === '2') items.splice(0, 300);
      return reply;
    });
    const walked = await collect(client.things.list.walk({ query: { page_size: 200 } }));
    expect(new Set(walked.map((i) => i.id)).size).toBe(walked.length);
    expect(server.requests.length).toBeLessThanOrEqual(5);
  });

  it('ends at a page limit derived from the first total when the list never stops growing', async () => {
    let served = 0;
    const { client, server, log } = await clientFor((request) => {
      const page = Number(request.query.get('page'));
      const fresh = makeItems(25, `p${page}`);
      served += 1;
      return { json: fresh, headers: { 'X-Total-Count': String(100 + served * 25), 'X-Remaining-Count': '75' } };
    });
    const walked = await collect(client.things.list.walk());
    // First page announced 125 items = 5 pages; the margin allows 3 more.
    expect(server.requests).toHaveLength(8);
    expect(walked).toHaveLength(200);
    expect(log.lines.some((l) => l.message === 'list walk stopped at its page limit')).toBe(true);
  });

  it('stops on a short page when the service sends no pagination headers', async () => {
    const { client, server } = await clientFor((request) => listPage(makeItems(60), request, false));
    expect(await collect(client.things.list.walk())).toHaveLength(60);
    expect(server.requests).toHaveLength(3);
  });

  it('stops on an empty page when the list is an exact number of pages and headers are missing', async () => {
    const { client, server } = await clientFor((request) => listPage(makeItems(50), request, false));
    expect(await collect(client.things.list.walk())).toHaveLength(50);
    expect(server.requests).toHaveLength(3);
  });

  it('keeps the caller’s filters on every page and can be stopped early', async () => {
    const { client, server } = await clientFor((request) => listPage(makeItems(1000), request));
    let count = 0;
    for await (const _ of client.things.list.walk({ query: { status: 'received', page_size: 10 } })) {
      count += 1;
      if (count === 15) break;
    }
    expect(server.requests).toHaveLength(2);
    expect(server.requests.every((r) => r.query.get('status') === 'received')).toBe(true);
    expect(WALK_PAGE_LIMIT_WITHOUT_TOTAL).toBeGreaterThan(100);
  });
});

describe('one page with its pagination numbers', () => {
  it('returns the items and the X- headers as numbers', async () => {
    const { client } = await clientFor((request) => listPage(makeItems(1000), request));
    const page = await client.things.list.page({ query: { page: 3, page_size: 500 } });
    expect(page.items).toHaveLength(200);
    expect(page.items[0]?.id).toBe('item-0400');
    expect(page.pagination).toEqual({ totalCount: 1000, page: 3, pageSize: 200, totalPages: 5, remainingCount: 400 });
  });

  it('leaves a missing header undefined', async () => {
    const { client } = await clientFor((request) => listPage(makeItems(10), request, false));
    const page = await client.things.list.page();
    expect(page.pagination.totalCount).toBeUndefined();
    expect(page.items).toHaveLength(10);
  });
});
