// Service channels: one operation each, called with the signed-in client; the station's own order writes notify nobody.
import type { StationParts } from './parts.ts';

type Call = (input: unknown) => Promise<unknown>;

/** Order writes made from this station: the change they cause must not come back as a desktop notification. */
const ORDER_WRITES = new Set([
  'orders.create',
  'orders.update',
  'orders.unpause',
  'orders.requestCancellation',
  'orders.requestReplacement',
]);

interface ServiceCallInput {
  params?: Record<string, unknown>;
}

function suppress(parts: StationParts, id: unknown): void {
  if (typeof id === 'string' && id !== '') parts.events.suppress(id);
}

/** Calls `client.<domain>.<verb>(input)`; connectivity learns whether the service answered. */
export async function callService(operation: string, input: unknown, parts: StationParts): Promise<unknown> {
  const [domain, verb] = operation.split('.') as [string, string];
  const client = parts.session.client() as unknown as Record<string, Record<string, Call>>;
  const call = client[domain]?.[verb] as Call;
  const ownOrderWrite = ORDER_WRITES.has(operation);
  // Before the call too: the webhook can arrive before the answer does.
  if (ownOrderWrite) suppress(parts, (input as ServiceCallInput).params?.order_id);
  try {
    const answer = await call(input);
    parts.connectivity.observe({ answered: true });
    if (ownOrderWrite && answer && typeof answer === 'object') {
      const order = answer as { id?: unknown; order_number?: unknown };
      suppress(parts, order.id);
      suppress(parts, order.order_number);
    }
    return answer;
  } catch (error) {
    parts.connectivity.observeError(error);
    throw error;
  }
}
