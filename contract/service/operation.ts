// The shape of one service operation: the single description that the client, the training service and the tests share.
import { z } from 'zod';
import { pageQuery } from './common.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which credential an operation takes: none (login), the access token, or the refresh token. */
export type AuthKind = 'none' | 'access' | 'refresh';

/**
 * Where the operation is described: the normative spec, service-facts.md (real service or our decision), or the
 * training service alone (its controls: simulation, reset, delivery log, mailbox — never on the real service).
 */
export type OperationSource = 'spec' | 'facts' | 'training';

export interface Operation<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /** Stable name, `domain.verb` (e.g. `orders.get`). Also the key in the operations table. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path with `{param}` placeholders, beginning with /api/v1 (or /plants for the sample interface). */
  readonly path: string;
  /** Strict object of the path parameters (an empty strict object when there are none). */
  readonly params: Params;
  /** Strict object of the query parameters (an empty strict object when there are none). Values arrive as strings. */
  readonly query: Query;
  /** Request body schema; `z.undefined()` when the operation takes no body. Strict. */
  readonly body: Body;
  /** Response body schema; loose (unknown fields pass through) and tolerant of the real service's variants. */
  readonly response: Response;
  /** Status code of success. */
  readonly status: number;
  readonly auth: AuthKind;
  /** A list operation with page/page_size and the X-Total-Count family of headers; its response is an array. */
  readonly paginated: boolean;
  readonly source: OperationSource;
  readonly summary: string;
}

export type AnyOperation = Operation<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export const noParams = z.strictObject({});
export const noQuery = z.strictObject({});
export const noBody = z.undefined();

interface OperationInput<Params, Query, Body, Response> {
  name: string;
  method: HttpMethod;
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  status?: number;
  auth?: AuthKind;
  paginated?: boolean;
  source: OperationSource;
  summary: string;
}

/** Declares an operation, filling the defaults: no params/query/body, status 200, access-token auth, not paginated. */
export function defineOperation<
  Params extends z.ZodType = typeof noParams,
  Query extends z.ZodType = typeof noQuery,
  Body extends z.ZodType = typeof noBody,
  Response extends z.ZodType = z.ZodType,
>(input: OperationInput<Params, Query, Body, Response>): Operation<Params, Query, Body, Response> {
  const placeholders = [...input.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = (input.params ?? noParams) as Params;
  const declared = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
  if (placeholders.join(',') !== declared.join(',')) {
    throw new Error(`operation ${input.name}: path placeholders [${placeholders}] differ from params [${declared}]`);
  }
  return Object.freeze({
    name: input.name,
    method: input.method,
    path: input.path,
    params,
    query: (input.query ?? noQuery) as Query,
    body: (input.body ?? noBody) as Body,
    response: input.response,
    status: input.status ?? 200,
    auth: input.auth ?? 'access',
    paginated: input.paginated ?? false,
    source: input.source,
    summary: input.summary,
  });
}

/**
 * A paged list (spec §8): GET, `page` and `page_size` in the query, an array of `item` in the answer and the
 * X-Total-Count family of headers. The one shape every plain list operation has, declared once.
 */
export function definePagedList<Item extends z.ZodType, Params extends z.ZodType = typeof noParams>(input: {
  name: string;
  path: string;
  params?: Params;
  item: Item;
  source: OperationSource;
  summary: string;
}) {
  const { item, ...rest } = input;
  return defineOperation({
    ...rest,
    method: 'GET',
    query: z.strictObject({ ...pageQuery }),
    response: z.array(item),
    paginated: true,
  });
}

export type ParamsOf<O extends AnyOperation> = z.input<O['params']>;
export type QueryOf<O extends AnyOperation> = z.input<O['query']>;
export type BodyOf<O extends AnyOperation> = z.input<O['body']>;
export type ResponseOf<O extends AnyOperation> = z.output<O['response']>;

/** Fills `{param}` placeholders with percent-encoded values (an order number or external id may hold any character). */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter ${key}`);
    }
    const text = String(value);
    // encodeURIComponent leaves dots alone, and URL normalisation turns /orders/.. into the parent path: the call
    // would reach another operation than the one asked for.
    if (text === '.' || text === '..') {
      throw new Error(`path parameter ${key} may not be "${text}": it would send the call to another address`);
    }
    return encodeURIComponent(text);
  });
}
