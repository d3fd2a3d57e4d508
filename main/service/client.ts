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
  const ctx = createContext(options);
  const client: Record<string, Record<string, unknown>> = {};
  for (const [domain, operations] of Object.entries(table)) {
    const calls: Record<string, unknown> = {};
    for (const [verb, operation] of Object.entries(operations)) calls[verb] = bindOperation(ctx, operation);
    client[domain] = Object.freeze(calls);
  }
  return Object.freeze(client) as ServiceClient<T>;
}

function bindOperation(ctx: ClientContext, operation: AnyOperation) {
  const call = async (input?: RawInput) => (await callOperation(ctx, operation, input)).data;
  return Object.assign(call, {
    operation,
    page: (input?: RawInput) => fetchPage(ctx, operation, input),
    walk: (input?: RawInput) => walkItems(ctx, operation, input),
  });
}
