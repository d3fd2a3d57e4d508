// The real service's documented payloads (../shared/spec/real-examples, read at test time), each matched to the
// operation of the contract that answers it, with the record identity the station must read from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnyOperation } from '../../contract/service/operation.ts';
import { operationList } from '../../contract/service/operations.ts';

export const root = resolve(import.meta.dirname, '../..');
export const examplesDir = resolve(root, '../shared/spec/real-examples');

export interface RealExample {
  file: string;
  method: string;
  /** The documented path, with `{placeholders}`. */
  path: string;
  /** The success status to answer: the documented one, or the operation's when the reference did not show it. */
  status: number;
  body: unknown;
  /** The documented request body (a sentence where the reference did not show it). */
  requestBody: unknown;
  /** Path parameters the reference named (`event_code: order.shipped`). */
  pathParams: Record<string, string>;
  /** The operation whose answer this is; null for what the service sends the station unasked (a webhook delivery). */
  operation: AnyOperation | null;
}

/** Files whose request path the reference did not show: the operation of the contract that answers the same thing. */
const UNCAPTURED_PATHS: Readonly<Record<string, string | null>> = {
  'notifications-create-webhook.json': 'notifications.createWebhook',
  'webhook-delivery-order-created.json': null,
};

/** `/api/v1/products/{kind}/{product_id}/inventory` as a pattern a documented path (with its own placeholders) fits. */
function templatePattern(template: string): RegExp {
  const parts = template
    .split('/')
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

const literalCount = (template: string) =>
  template.split('/').filter((part) => part !== '' && !part.startsWith('{')).length;

/** The operation for a documented method and path: the most specific template that fits (most literal segments). */
export function operationFor(method: string, path: string): AnyOperation | null {
  const fitting = operationList.filter((op) => op.method === method && templatePattern(op.path).test(path));
  fitting.sort((a, b) => literalCount(b.path) - literalCount(a.path));
  return fitting[0] ?? null;
}

function operationNamed(name: string): AnyOperation {
  const found = operationList.find((op) => op.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}

interface ExampleFile {
  request: { method: string; path: string; body?: unknown; path_params?: Record<string, string> };
  response: { status: number | string; body?: unknown };
}

/** Every example file, in name order. A body the reference gave only in words ("same shape as orders-get") is filled. */
export function loadRealExamples(): RealExample[] {
  const files = readdirSync(examplesDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const parsed = new Map(
    files.map((file) => [file, JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as ExampleFile]),
  );
  const documentedOrder = (parsed.get('orders-list.json')?.response.body as unknown[] | undefined)?.[0];
  return files.map((file) => {
    const example = parsed.get(file) as ExampleFile;
    const { method, path } = example.request;
    const named = Object.hasOwn(UNCAPTURED_PATHS, file) ? UNCAPTURED_PATHS[file] : undefined;
    const operation = named === undefined ? operationFor(method, path) : named === null ? null : operationNamed(named);
    if (named === undefined && !operation) throw new Error(`${file}: no operation answers ${method} ${path}`);
    let body = operation ? example.response.body : example.request.body;
    if (typeof body === 'string' && /same shape as orders-get/.test(body)) body = documentedOrder;
    const status = typeof example.response.status === 'number' ? example.response.status : (operation?.status ?? 200);
    const requestBody = example.request.body;
    return { file, method, path, status, body, requestBody, pathParams: example.request.path_params ?? {}, operation };
  });
}
