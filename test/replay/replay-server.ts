// A stand-in for the real service that answers its own documented payloads (../shared/spec/real-examples) over real
// HTTP on 127.0.0.1: each file at its documented method and path, plus the few reads the station's screens need that
// the sample has no file for, built only from documented records (the order, its products, the lot).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRealExamples, type RealExample } from './real-examples.ts';

export interface ReplayServer {
  url: string;
  examples: RealExample[];
  /** The documented order (orders-list.json), as the files have it. */
  documentedOrder: Record<string, unknown>;
  /** Answers `body` for GET /api/v1/orders/{key} (a mutated order), on top of the documented ones. */
  addOrder(key: string, body: unknown): void;
  /** Method and path of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  answer: (path: string) => { status: number; body: unknown } | null;
}

function patternOf(path: string): RegExp {
  const parts = path.split('/').map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part));
  return new RegExp(`^${parts.join('/')}$`);
}

const literals = (path: string) => path.split('/').filter((part) => part !== '' && !part.startsWith('{')).length;

/** The orders report in the real service's shape: status_code/status_name per row, its own `date_range`. */
function documentedShapeReport(order: Record<string, unknown>) {
  const products = (order.products as { prescription?: { id: string; name: string }[] }).prescription ?? [];
  return {
    date_range: '2025-03-01 to 2025-03-31',
    total_orders: 1,
    orders_by_status: [{ status_code: order.status_code, status_name: order.status_name, count: 1 }],
    orders_by_product: {
      prescription: products.map((p) => ({ id: p.id, name: p.name, count: 1 })),
      non_prescription: [],
      order_material: [],
    },
  };
}

function routesFor(examples: RealExample[], orders: Map<string, unknown>): Route[] {
  const body = (file: string) => examples.find((e) => e.file === file)?.body;
  const order = (body('orders-list.json') as Record<string, unknown>[])[0] as Record<string, unknown>;
  const products = order.products as { prescription?: Record<string, unknown>[] };
  const catalogue = {
    prescription: (products.prescription ?? []).map(({ quantity: _quantity, ...product }) => product),
    non_prescription: [],
    order_material: [],
  };
  const lot = body('inventory-lot-get.json');
  const ok = (answer: unknown) => () => ({ status: 200, body: answer });
  const derived: Route[] = [
    {
      method: 'GET',
      pattern: /^\/api\/v1\/orders\/([^/]+)$/,
      answer: (path) => {
        const key = decodeURIComponent(path.split('/').at(-1) ?? '');
        return orders.has(key) ? { status: 200, body: orders.get(key) } : null;
      },
    },
    { method: 'GET', pattern: /^\/api\/v1\/products$/, answer: ok(catalogue) },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/products\/inventory$/,
      answer: ok({ prescription: [lot], non_prescription: [], order_material: [] }),
    },
    { method: 'GET', pattern: /^\/api\/v1\/reports\/orders$/, answer: ok(documentedShapeReport(order)) },
    { method: 'GET', pattern: /^\/api\/v1\/search$/, answer: ok(body('search-orders.json')) },
    // The documented task (the answer to creating it) is the one task there is to list or open.
    { method: 'GET', pattern: /^\/api\/v1\/tasks$/, answer: ok([body('tasks-create.json')]) },
    { method: 'GET', pattern: /^\/api\/v1\/tasks\/[^/]+$/, answer: ok(body('tasks-create.json')) },
  ];
  // A file whose path the reference did not show is answered at its operation's path.
  const documented = examples
    .flatMap((e) => (e.operation ? [{ ...e, path: e.path.startsWith('/api/') ? e.path : e.operation.path }] : []))
    .sort((a, b) => literals(b.path) - literals(a.path))
    .map((e) => ({ method: e.method, pattern: patternOf(e.path), answer: () => ({ status: e.status, body: e.body }) }));
  return [...derived, ...documented];
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' }).end(text);
}

export async function startReplayServer(): Promise<ReplayServer> {
  const examples = loadRealExamples();
  const listed = examples.find((e) => e.file === 'orders-list.json')?.body;
  const documentedOrder = Array.isArray(listed) ? (listed[0] as Record<string, unknown> | undefined) : undefined;
  if (!documentedOrder) throw new Error('orders-list.json has no order');
  const orders = new Map<string, unknown>();
  for (const key of ['id', 'order_number', 'external_id']) orders.set(String(documentedOrder[key]), documentedOrder);
  const routes = routesFor(examples, orders);
  const requests: string[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    for await (const _chunk of req) {
      // The request body is read and let go: a replay answers the same whatever was sent.
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(`${req.method} ${path}`);
    for (const route of routes) {
      if (route.method !== req.method || !route.pattern.test(path)) continue;
      const answer = route.answer(path);
      if (answer) return send(res, answer.status, answer.body);
    }
    send(res, 404, { error: 'not_found', message: `The replay has no documented answer for ${req.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    examples,
    documentedOrder,
    addOrder: (key, body) => orders.set(key, body),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
