// Public types of the service client: options, token source, logger, and the typed call of each operation.
import type { z } from 'zod';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import type { DriftLog } from './drift.ts';
import type { RetrySettings } from './retry.ts';
import type { ServiceLogger } from './service-logger.ts';

export type { ServiceLogger } from './service-logger.ts';

type MaybePromise<T> = T | Promise<T>;

/** Where the client gets credentials; the session owns the tokens, the client only asks. */
export interface TokenSource {
  accessToken(): MaybePromise<string | null>;
  /** For operations with auth 'refresh' (POST /auth/refresh). */
  refreshToken(): MaybePromise<string | null>;
  /** Obtains a new access token; when it resolves, accessToken() answers the new one. */
  refresh(): Promise<void>;
}

export interface ServiceClientOptions {
  /** e.g. `https://service.example` or `http://127.0.0.1:4010`; operation paths are appended. */
  baseUrl: string;
  tokens: TokenSource;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per attempt, reading the body included. Default 15 000. */
  timeoutMs?: number;
  /** The most one answer may carry (bytes); default 32 MiB. Past it the call fails naming the operation. */
  maxAnswerBytes?: number;
  retry?: Partial<RetrySettings>;
  logger?: ServiceLogger;
  /** Counts what the service sent that had to be coerced, dropped or refused; by default a log of this client's own. */
  drift?: DriftLog;
  userAgent?: string;
  /** Waits between retries; injectable so tests that are not about timing run fast. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1): the jitter of backoff. */
  random?: () => number;
  /** Wall clock in ms, for Retry-After dates. */
  now?: () => number;
}

/** The empty object type (`{}`): an object with no required key is assignable to it. */
type Empty = Record<never, never>;

/** `{ key: T }`, or `{ key?: T }` when T may be left out (undefined accepted, or an object with no required key). */
type Slot<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a caller passes to one operation; typed by the operation's schemas (their input side). */
export type CallInput<O extends AnyOperation> = Slot<'params', z.input<O['params']>> &
  Slot<'query', z.input<O['query']>> &
  Slot<'body', z.input<O['body']>> & {
    /** Sent as the Idempotency-Key header; also makes a write safe to retry. */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

/** The input argument may be left out when nothing in it is required. */
export type CallArgs<O extends AnyOperation> =
  Empty extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/** Pagination headers of a list answer (spec §8); a header the service left out is undefined. */
export interface Pagination {
  totalCount: number | undefined;
  page: number | undefined;
  pageSize: number | undefined;
  totalPages: number | undefined;
  remainingCount: number | undefined;
}

export interface Page<Item> {
  items: Item[];
  pagination: Pagination;
}

type ItemOf<O extends AnyOperation> = z.output<O['response']> extends readonly (infer Item)[] ? Item : never;

/** Present on operations that answer an array; at run time they refuse operations not marked paginated. */
export interface PaginatedCall<O extends AnyOperation> {
  /** One page with its pagination numbers. */
  page(...args: CallArgs<O>): Promise<Page<ItemOf<O>>>;
  /** Every item of every page from `query.page` (default 1), each id once. */
  walk(...args: CallArgs<O>): AsyncGenerator<ItemOf<O>, void, undefined>;
}

export type OperationCall<O extends AnyOperation> = ((...args: CallArgs<O>) => Promise<z.output<O['response']>>) & {
  readonly operation: O;
} & (z.output<O['response']> extends readonly unknown[] ? PaginatedCall<O> : unknown);

/** `{ auth: authOperations, orders: ordersOperations, ... }`. */
export type OperationTable = Record<string, Record<string, AnyOperation>>;

export type ServiceClient<T extends OperationTable> = {
  readonly [D in keyof T]: { readonly [V in keyof T[D]]: OperationCall<T[D][V]> };
};
