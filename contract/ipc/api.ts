// The type of `window.station`, derived from the channel and event tables (never written by hand): one async function
// per channel as `station.<domain>.<verb>(input)`, each answering `{ ok, value }` or `{ ok: false, error }`, and `on`.
import type { z } from 'zod';
import type { AnyOperation } from '../service/operation.ts';
import type { Operations } from '../service/operations.ts';
import type { IpcResult } from './channel.ts';
import type { RendererOperationName } from './service-channels.ts';
import type { StationChannels } from './station-channels.ts';
import type { StationEventName, StationEventPayload } from './station-events.ts';

/** The input may be left out when nothing in it is required. */
type Call<I, O> = undefined extends I
  ? (input?: I) => Promise<IpcResult<O>>
  : Record<string, never> extends I
    ? (input?: I) => Promise<IpcResult<O>>
    : (input: I) => Promise<IpcResult<O>>;

type OperationNamed<N> = N extends `${infer D}.${infer V}`
  ? D extends keyof Operations
    ? V extends keyof Operations[D]
      ? Operations[D][V]
      : never
    : never
  : never;

/** The input of a service channel: params when the path has any, query when wanted, body when the operation takes one. */
export type ServiceInput<O> = O extends AnyOperation
  ? (Record<string, never> extends z.input<O['params']>
      ? { params?: z.input<O['params']> }
      : { params: z.input<O['params']> }) & {
      query?: z.input<O['query']>;
    } & (undefined extends z.input<O['body']> ? { body?: z.input<O['body']> } : { body: z.input<O['body']> })
  : never;

type ServiceDomain = RendererOperationName extends infer N ? (N extends `${infer D}.${string}` ? D : never) : never;

type ServiceApi = {
  [D in ServiceDomain]: {
    [N in RendererOperationName as N extends `${D}.${infer V}` ? V : never]: Call<
      ServiceInput<OperationNamed<N>>,
      z.output<OperationNamed<N>['response']>
    >;
  };
};

type Own = StationChannels;
type OwnDomain = keyof Own extends infer K ? (K extends `${infer D}:${string}` ? D : never) : never;

type OwnApi = {
  [D in OwnDomain]: {
    [K in keyof Own as K extends `${D}:${infer V}` ? V : never]: Call<
      z.input<Own[K]['input']>,
      z.output<Own[K]['output']>
    >;
  };
};

export type StationApi = ServiceApi &
  OwnApi & {
    /** Listens to a main → renderer event; answers a function that stops listening. */
    on<E extends StationEventName>(event: E, listener: (payload: StationEventPayload<E>) => void): () => void;
  };
