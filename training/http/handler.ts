// What a training-service handler receives and may answer, typed from the operation it serves.
import type { z } from 'zod';
import type { AnyOperation } from '../../contract/service/operation.ts';
import type { Db } from '../database/db.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface RequestContext<O extends AnyOperation = AnyOperation> {
  params: z.output<O['params']>;
  query: z.output<O['query']>;
  body: z.output<O['body']>;
  /** The signed-in user (null only on login). */
  user: AuthUser | null;
  /** The clock of the service (the simulation clock in training mode). */
  now: Date;
  db: Db;
  /** For list operations: the page asked for, page_size already defaulted and clamped. */
  page: PageRequest;
  /** The raw Authorization bearer token (auth operations read it; nothing else should). */
  bearer: string | null;
}

/** One page of a list, answered with the X-Total-Count family of headers. */
export interface Paged<T> {
  kind: 'paged';
  items: T[];
  total: number;
}

/** An answer with a status other than the operation's usual one (e.g. 200 on an idempotent replay). */
export interface Reply<T> {
  kind: 'reply';
  status: number;
  body: T;
  headers?: Record<string, string>;
}

export type ResponseInput<O extends AnyOperation> = z.input<O['response']>;
type ItemOf<T> = T extends readonly (infer I)[] ? I : never;

export type HandlerResult<O extends AnyOperation> =
  | ResponseInput<O>
  | Paged<ItemOf<ResponseInput<O>>>
  | Reply<ResponseInput<O>>;

export type Handler<O extends AnyOperation> = (ctx: RequestContext<O>) => HandlerResult<O> | Promise<HandlerResult<O>>;

/** Handlers for (part of) an operations table, keyed like the table: `{ orders: { get: handler } }`. */
export type Handlers<T extends Record<string, Record<string, AnyOperation>>> = {
  [D in keyof T]?: { [V in keyof T[D]]?: Handler<T[D][V]> };
};

export const paged = <T>(items: T[], total: number): Paged<T> => ({ kind: 'paged', items, total });
export const reply = <T>(status: number, body: T, headers?: Record<string, string>): Reply<T> => ({
  kind: 'reply',
  status,
  body,
  ...(headers ? { headers } : {}),
});
