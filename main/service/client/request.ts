// One operation call end to end: check input (unless main's dispatcher already did: checkedInput marks it), send with
// credentials, renew on 401, retry, and read the answer tolerantly by field.
import type { z } from 'zod';
import { type AnyOperation, fillPath } from '../../../contract/service/operation.ts';
import { DEFAULT_MAX_JSON_DEPTH, parseBoundedJson } from '../../../kits/json/bounded-json.ts';
import { bearer, credentialFor, rememberCurrentTokens, renewAfter401 } from './auth.ts';
import type { ClientContext } from './context.ts';
import { aborted, errorFromAnswer, invalidRequest, invalidResponse, ServiceError, tooLarge } from './errors.ts';
import { type PreparedRequest, type SendOutcome, sendOnce } from './http.ts';
import { type AttemptResult, parseRetryAfter, retryDelay } from './retry.ts';
import { readTolerantly } from './tolerant-read.ts';

// Input that main's dispatcher has already checked against the same contract: the client sends it without checking
// it again (one owner of input validation). The mark is an enumerable symbol key, so a wrapper that copies the input
// with a spread keeps it, while it never reaches the wire (queries and bodies are read by string keys only).
const CHECKED: unique symbol = Symbol('input checked by the dispatcher');

/** Marks the dispatcher's parsed value (the schemas' output side, which the service reads the same way). */
export function checkedInput<T extends object>(input: T): T {
  return Object.defineProperty(input, CHECKED, { value: true, enumerable: true });
}

export function isCheckedInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { [CHECKED]?: unknown })[CHECKED] === true;
}

/** The untyped shape of a call's input; the typed one is CallInput in types.ts. */
export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface Answer {
  data: unknown;
  status: number;
  headers: Headers;
}

export async function callOperation(
  ctx: ClientContext,
  operation: AnyOperation,
  input: RawInput = {},
): Promise<Answer> {
  const request = prepare(ctx, operation, input);
  const name = operation.name;
  const repeatable = operation.method === 'GET' || input.idempotencyKey !== undefined;
  ctx.budget.recordRequest();
  let sends = 0;
  let retries = 0;
  let renewed = false;
  for (;;) {
    if (input.signal?.aborted) throw aborted(name);
    const credential = await credentialFor(ctx, operation);
    sends += 1;
    const started = performance.now();
    const limits = { timeoutMs: ctx.timeoutMs, maxBytes: ctx.maxAnswerBytes };
    const outcome = await sendOnce(ctx.fetch, request, bearer(credential), limits, input.signal);
    const fields = {
      operation: name,
      method: request.method,
      path: request.pathTemplate,
      status: outcome.kind === 'answer' ? outcome.status : 0,
      outcome: outcome.kind,
      durationMs: Math.round(performance.now() - started),
      attempt: sends,
    };
    ctx.log.debug('service call', fields);
    if (outcome.kind === 'aborted') throw aborted(name);
    if (outcome.kind === 'too_large') {
      // Not retried: the same answer would be as large again.
      ctx.drift.refused(name, 'it is larger than the answer limit');
      ctx.log.warn('service answer refused: too large', { ...fields, maxBytes: outcome.maxBytes });
      throw tooLarge(name, outcome.status, outcome.maxBytes);
    }
    if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
      return {
        data: readData(ctx, operation, outcome.text, outcome.status),
        status: outcome.status,
        headers: outcome.headers,
      };
    }
    if (outcome.kind === 'answer' && outcome.status === 401 && operation.auth === 'access' && !renewed) {
      renewed = true;
      await renewAfter401(ctx, operation, credential);
      continue;
    }
    const result = toAttemptResult(outcome, ctx.now());
    const delay = retryDelay(result, retries + 1, repeatable, ctx.retry, ctx.random);
    if (delay !== null && retries + 1 < ctx.retry.maxAttempts && ctx.budget.tryRetry()) {
      retries += 1;
      ctx.log.warn('service call will be retried', { ...fields, delayMs: delay });
      try {
        await ctx.sleep(delay, input.signal);
      } catch {
        throw aborted(name);
      }
      continue;
    }
    await rememberCurrentTokens(ctx);
    const error = failure(ctx, name, outcome, result);
    ctx.log.warn('service call failed', { ...fields, code: error.code });
    throw error;
  }
}

function prepare(ctx: ClientContext, operation: AnyOperation, input: RawInput): PreparedRequest {
  // Checked once: main's dispatcher parsed the renderer's input with these very schemas and handed on the result.
  const problems = isCheckedInput(input)
    ? []
    : [
        ...issues('params', operation.params, input.params ?? {}),
        ...issues('query', operation.query, input.query ?? {}),
        ...issues('body', operation.body, input.body),
      ];
  const key = input.idempotencyKey;
  if (key !== undefined && !/^[\x21-\x7e]{1,255}$/.test(key)) {
    problems.push('idempotencyKey: 1 to 255 visible ASCII characters');
  }
  if (problems.length > 0) throw invalidRequest(operation.name, problems.join('; '));
  // The wire carries what the caller gave (the schemas' input side, or the dispatcher's parsed output, which the same
  // schemas read back unchanged: `include` lists are joined with commas, booleans and numbers spelled out).
  let path: string;
  try {
    path = fillPath(operation.path, (input.params ?? {}) as Record<string, unknown>);
  } catch (error) {
    throw invalidRequest(operation.name, error instanceof Error ? error.message : 'bad path parameter');
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  if (key !== undefined) headers['Idempotency-Key'] = key;
  if (ctx.userAgent) headers['User-Agent'] = ctx.userAgent;
  return {
    operation: operation.name,
    method: operation.method,
    pathTemplate: operation.path,
    url: `${ctx.baseUrl}${path}${queryString(input.query)}`,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  };
}

/** Zod issues as `where.field: message`, without the offending values (a password must not reach a message). */
function issues(where: string, schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`);
}

/** `?a=1&b=true`; undefined values are left out, arrays are comma lists, null is the text `null`. */
export function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = Array.isArray(value)
      ? value.map(String).join(',')
      : value instanceof Date
        ? value.toISOString()
        : String(value);
    search.append(name, text);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The answer read once, tolerantly (tolerant-read.ts): refused only when its identity cannot be read; whatever had to be
 * coerced or dropped on the way is counted in the drift log.
 */
function readData(ctx: ClientContext, operation: AnyOperation, text: string, status: number): unknown {
  const parsed = text.trim() === '' ? { ok: true as const, value: undefined } : parseBoundedJson(text);
  if (!parsed.ok) {
    const why =
      parsed.reason === 'too_deep' ? `it nests deeper than ${DEFAULT_MAX_JSON_DEPTH} levels` : 'it is not JSON';
    ctx.drift.refused(operation.name, why);
    throw invalidResponse(operation.name, status, why);
  }
  const read = readTolerantly(operation.response, parsed.value);
  if (read.ok) {
    if (read.notes.length > 0) ctx.drift.record(operation.name, read.notes);
    return read.value;
  }
  ctx.drift.refused(operation.name, read.reason);
  throw invalidResponse(operation.name, status, read.reason);
}

function toAttemptResult(
  outcome: Exclude<SendOutcome, { kind: 'aborted' | 'too_large' }>,
  nowMs: number,
): AttemptResult {
  if (outcome.kind !== 'answer') return { kind: outcome.kind };
  return {
    kind: 'status',
    status: outcome.status,
    retryAfterMs: parseRetryAfter(outcome.headers.get('Retry-After'), nowMs),
  };
}

function failure(
  ctx: ClientContext,
  name: string,
  outcome: Exclude<SendOutcome, { kind: 'aborted' | 'too_large' }>,
  result: AttemptResult,
): ServiceError {
  if (outcome.kind === 'answer') {
    const retryAfterMs = result.kind === 'status' ? result.retryAfterMs : undefined;
    return errorFromAnswer({
      operation: name,
      status: outcome.status,
      text: outcome.text,
      retryAfterMs,
      redact: ctx.redactor.value,
    });
  }
  if (outcome.kind === 'timeout') {
    const seconds = ctx.timeoutMs / 1000;
    return new ServiceError({
      status: 0,
      code: 'timeout',
      operation: name,
      message: `The service did not answer ${name} within ${seconds} s`,
    });
  }
  return new ServiceError({
    status: 0,
    code: 'network',
    operation: name,
    message: `Could not reach the service for ${name} (${outcome.detail})`,
  });
}
