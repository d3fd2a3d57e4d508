// createServiceClient: one typed function per operation of a table, built by mapping over the table.
import type { AnyOperation } from '../../contract/service/operation.ts';
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
 * Calls an operation of the table by its name (`orders.get`), for input already checked against its schemas (main's
 * dispatcher did, once): the one untyped way in, so a caller holding a name needs no cast to reach its function.
 */
export interface OperationCaller {
  /** The operation of that name, or undefined when the table has none. */
  operation(name: string): AnyOperation | undefined;
  call(name: string, input?: RawInput): Promise<unknown>;
}

/** The typed client and the caller by name, sharing one context (tokens, retries, drift). */
export function bindServiceClient<T extends OperationTable>(
  table: T,
  options: ServiceClientOptions,
): { client: ServiceClient<T>; caller: OperationCaller } {
  const ctx = createContext(options);
  const byName = new Map<string, AnyOperation>();
  const client: Record<string, Record<string, unknown>> = {};
  for (const [domain, operations] of Object.entries(table)) {
    const calls: Record<string, unknown> = {};
    for (const [verb, operation] of Object.entries(operations)) {
      calls[verb] = bindOperation(ctx, operation);
      byName.set(operation.name, operation);
    }
    client[domain] = Object.freeze(calls);
  }
  const caller: OperationCaller = {
    operation: (name) => byName.get(name),
    async call(name, input) {
      const operation = byName.get(name);
      if (!operation) throw new Error(`the client has no operation ${name}`);
      return (await callOperation(ctx, operation, input)).data;
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
