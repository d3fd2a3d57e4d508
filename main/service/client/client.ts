// createServiceClient: one typed function per operation of a table, built by mapping over the table.
import type { z } from 'zod';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { type ClientContext, createContext } from './context.ts';
import { fetchPage, walkItems } from './pagination.ts';
import { callOperation, type RawInput } from './request.ts';
import type { OperationTable, ServiceClient, ServiceClientOptions } from './types.ts';

/**
 * `createServiceClient({ orders: ordersOperations }, options).orders.get({ params: { order_id } })`.
 * Operations that answer a list also carry `.page(input)` and `.walk(input)`.
 */
export function createServiceClient<T extends OperationTable>(
  table: T,
  options: ServiceClientOptions,
): ServiceClient<T> {
  return bindServiceClient(table, options).client;
}

/**
 * Calls an operation of the table given as its declaration (`operations.orders.get`), for input main already checked
 * or typed against its schemas: no lookup by name, and the answer typed by the operation's response schema.
 */
export interface OperationCaller {
  call<O extends AnyOperation>(operation: O, input?: RawInput): Promise<z.output<O['response']>>;
}

/** The typed client and the caller by declaration, sharing one context (tokens, retries, drift). */
export function bindServiceClient<T extends OperationTable>(
  table: T,
  options: ServiceClientOptions,
): { client: ServiceClient<T>; caller: OperationCaller } {
  const ctx = createContext(options);
  const inTable = new Set<AnyOperation>();
  const client: Record<string, Record<string, unknown>> = {};
  for (const [domain, operations] of Object.entries(table)) {
    const calls: Record<string, unknown> = {};
    for (const [verb, operation] of Object.entries(operations)) {
      calls[verb] = bindOperation(ctx, operation);
      inTable.add(operation);
    }
    client[domain] = Object.freeze(calls);
  }
  const caller: OperationCaller = {
    async call<O extends AnyOperation>(operation: O, input?: RawInput) {
      if (!inTable.has(operation)) throw new Error(`the client has no operation ${operation.name}`);
      // The answer was read by this operation's response schema (tolerant-read.ts): its output type is the schema's.
      return (await callOperation(ctx, operation, input)).data as z.output<O['response']>;
    },
  };
  return { client: Object.freeze(client) as ServiceClient<T>, caller: Object.freeze(caller) };
}

function bindOperation(ctx: ClientContext, operation: AnyOperation) {
  const call = async (input?: RawInput) => (await callOperation(ctx, operation, input)).data;
  return Object.assign(call, {
    operation,
    page: (input?: RawInput) => fetchPage(ctx, operation, input),
    walk: (input?: RawInput) => walkItems(ctx, operation, input),
  });
}
