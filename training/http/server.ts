// The training service's HTTP pipeline: route by the contract's table, authenticate, authorize, validate, run the handler in one transaction, answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { authOperations } from '../../contract/service/auth.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, paginationHeaders } from '../../contract/service/common.ts';
import type { AnyOperation, AuthKind } from '../../contract/service/operation.ts';
import { sendJson } from '../../kits/loopback-http/answer.ts';
import { ANY_LOOPBACK_PORT, type LoopbackRule, loopbackRefusal, NO_ORIGINS } from '../../kits/loopback-http/guard.ts';
import type { Db } from '../database/db.ts';
import { readJsonBody } from './body.ts';
import { badRequest, conflict, forbidden, HttpError, truncate } from './errors.ts';
import type { AuthUser, Handler, HandlerResult, PageRequest, RequestContext } from './handler.ts';
import type { IdempotencyStore } from './idempotency.ts';
import { Router } from './router.ts';

export interface PipelineOptions {
  db: Db;
  operations: readonly AnyOperation[];
  handlers: ReadonlyMap<string, Handler<AnyOperation>>;
  authenticate(kind: AuthKind, bearer: string | null, now: Date): Promise<AuthUser | null>;
  /** Throws a 403 when the user's role may not call the operation. */
  authorize(user: AuthUser, operation: AnyOperation): void;
  idempotency: IdempotencyStore;
  clock(): Date;
  /** Check every answer against the contract's response schema (on in tests: drift is a bug, not a surprise). */
  validateResponses: boolean;
  log(entry: Record<string, unknown>): void;
  /** The error body of a refused operation, for interfaces with their own shape (the sample plants); default as is. */
  formatError?(operationName: string, status: number, body: unknown): unknown;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Their answers carry tokens: they ignore Idempotency-Key, so no token is ever stored or replayed to another caller. */
const TOKEN_ANSWERS: ReadonlySet<string> = new Set(Object.values(authOperations).map((operation) => operation.name));

/** Only this machine's own programs talk to the training service: no browser pages, no rebinding tricks. */
const LOOPBACK_ONLY: LoopbackRule = { hosts: ANY_LOOPBACK_PORT, origins: NO_ORIGINS };

export function createPipeline(options: PipelineOptions) {
  const router = new Router(options.operations);

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    routed: { operation?: AnyOperation },
  ): Promise<Answer> {
    const refusal = loopbackRefusal(req.headers, LOOPBACK_ONLY);
    if (refusal === 'host') throw forbidden('The training service answers loopback hosts only.');
    if (refusal === 'origin') throw forbidden('The training service does not answer browser pages.');

    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = String(req.method ?? 'GET').toUpperCase();
    const match = router.match(method, url.pathname);
    if (match.kind === 'not_found')
      throw new HttpError(404, 'not_found', `No operation at ${truncate(url.pathname, 120)}.`);
    if (match.kind === 'method_not_allowed') {
      throw new HttpError(405, 'method_not_allowed', `Use ${match.allowed.join(' or ')} here.`, undefined, {
        Allow: match.allowed.join(', '),
      });
    }
    const { operation } = match;
    routed.operation = operation;
    const handler = options.handlers.get(operation.name);
    if (!handler) {
      throw new HttpError(501, 'not_implemented', `The training service does not offer ${operation.name} yet.`);
    }

    const now = options.clock();
    const bearer = bearerOf(req);
    const user = await options.authenticate(operation.auth, bearer, now);
    if (user) options.authorize(user, operation);

    const rawBody = await readJsonBody(req, res);
    const params = parse('path', operation.params, match.params);
    const rawQuery = queryObject(url.searchParams);
    const page = pageOf(operation, rawQuery);
    const query = parse('query', operation.query, rawQuery);
    // An empty JSON object where no body is expected is what many clients send: read it as no body.
    const noBodyExpected = operation.body instanceof z.ZodUndefined;
    const isEmptyObject =
      typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody) && Object.keys(rawBody).length === 0;
    const body = parse('body', operation.body, noBodyExpected && isEmptyObject ? undefined : rawBody);
    const ctx: RequestContext = { params, query, body, user, now, db: options.db, page, bearer };

    const key = req.headers['idempotency-key'];
    // POST and PATCH: the outbox resends a task update after a crash with the same key, which must not apply twice.
    const keyed = (method === 'POST' || method === 'PATCH') && !TOKEN_ANSWERS.has(operation.name);
    const idempotencyKey = keyed && typeof key === 'string' ? key : null;
    if (idempotencyKey !== null && (idempotencyKey.length < 1 || idempotencyKey.length > 200)) {
      throw badRequest('Idempotency-Key must be 1 to 200 characters.');
    }
    const scope = { key: idempotencyKey ?? '', userId: user?.id ?? '', operation: operation.name, body: rawBody };
    if (idempotencyKey !== null) {
      const earlier = options.idempotency.find(scope);
      if (earlier) return earlier;
    }

    if (method === 'GET') return finish(operation, await handler(ctx), page);
    // Writes: the handler's database work and the idempotency record commit together or not at all.
    let pending: Promise<HandlerResult<AnyOperation>> | null = null;
    const done = options.db.transaction(() => {
      const result = handler(ctx);
      if (result instanceof Promise) {
        pending = result;
        return null;
      }
      const out = finish(operation, result, page);
      if (idempotencyKey !== null) options.idempotency.save(scope, out);
      return out;
    });
    if (done) return done;
    const out = finish(operation, await (pending as unknown as Promise<HandlerResult<AnyOperation>>), page);
    if (idempotencyKey !== null) options.idempotency.save(scope, out);
    return out;
  }

  function finish(operation: AnyOperation, result: HandlerResult<AnyOperation>, page: PageRequest): Answer {
    let status = operation.status;
    let body: unknown = result;
    const headers: Record<string, string> = {};
    if (isTagged(result, 'paged')) {
      const { items, total } = result as { items: unknown[]; total: number };
      body = items;
      const totalPages = Math.ceil(total / page.pageSize);
      headers[paginationHeaders.totalCount] = String(total);
      headers[paginationHeaders.page] = String(page.page);
      headers[paginationHeaders.pageSize] = String(page.pageSize);
      headers[paginationHeaders.totalPages] = String(totalPages);
      headers[paginationHeaders.remainingCount] = String(Math.max(0, total - page.offset - items.length));
    } else if (isTagged(result, 'reply')) {
      const r = result as { status: number; body: unknown; headers?: Record<string, string> };
      status = r.status;
      body = r.body;
      Object.assign(headers, r.headers ?? {});
    }
    if (options.validateResponses && status < 300 && status !== 204) {
      const checked = operation.response.safeParse(body);
      if (!checked.success) {
        options.log({
          level: 'error',
          msg: 'response breaks the contract',
          operation: operation.name,
          issues: z.prettifyError(checked.error),
        });
        throw new HttpError(500, 'internal', `The training service's answer to ${operation.name} broke the contract.`);
      }
    }
    return { status, body: status === 204 ? undefined : body, headers };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let out: Answer;
    const routed: { operation?: AnyOperation } = {};
    try {
      out = await answer(req, res, routed);
    } catch (error) {
      out = errorAnswer(error, options.log);
      if (routed.operation && options.formatError) {
        out = { ...out, body: options.formatError(routed.operation.name, out.status, out.body) };
      }
    }
    sendJson(res, out.status, out.body, { 'X-Content-Type-Options': 'nosniff', ...out.headers });
    options.log({
      level: 'debug',
      method: req.method,
      status: out.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

function errorAnswer(error: unknown, log: PipelineOptions['log']): Answer {
  if (error instanceof HttpError) return { status: error.status, body: error.toBody(), headers: error.headers };
  // A constraint the handler did not foresee is still the caller's conflict, never a crash.
  if (error instanceof Error && /constraint failed/i.test(error.message)) {
    const e = conflict('The change conflicts with stored data.');
    return { status: e.status, body: e.toBody(), headers: {} };
  }
  log({ level: 'error', msg: 'unexpected error', error: error instanceof Error ? error.message : String(error) });
  return {
    status: 500,
    body: { error: 'internal', message: 'The training service failed unexpectedly.' },
    headers: {},
  };
}

function isTagged(value: unknown, kind: string): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === kind && !Array.isArray(value)
  );
}

function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S{1,4096})\s*$/i.exec(header);
  return match ? (match[1] as string) : null;
}

function queryObject(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key in out) throw badRequest(`The query parameter ${truncate(key, 40)} is given more than once.`);
    out[key] = value;
  }
  return out;
}

/** page defaults to 1 and page_size to 25; a page_size above 200 is clamped, not refused (spec §7.5). */
function pageOf(operation: AnyOperation, query: Record<string, string>): PageRequest {
  if (!operation.paginated) return { page: 1, pageSize: PAGE_SIZE_MAX, offset: 0 };
  const page = query.page === undefined ? 1 : Number(query.page);
  const size = query.page_size === undefined ? PAGE_SIZE_DEFAULT : Number(query.page_size);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw badRequest('page must be a whole number from 1.');
  if (!Number.isInteger(size) || size < 1) throw badRequest('page_size must be a whole number from 1.');
  const pageSize = Math.min(size, PAGE_SIZE_MAX);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function parse(where: string, schema: z.ZodType, value: unknown): never {
  const result = schema.safeParse(value);
  if (result.success) return result.data as never;
  const details = result.error.issues.slice(0, 20).map((issue) => ({
    field: [where, ...issue.path.map(String)].join('.'),
    message: truncate(issue.message, 200),
  }));
  const first = details[0];
  throw badRequest(first ? `Invalid ${first.field}: ${first.message}` : `Invalid ${where}.`, details);
}
