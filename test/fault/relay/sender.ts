// The service's side of the fault run: each event POSTed to the relay with the signing secret until it answers 2xx,
// retried after a refusal or a dead connection (the service retries with backoff, spec §6), a few at a time.
import type { WebhookDelivery } from '../../../contract/service/notifications.ts';

export interface SendOptions {
  url: string;
  secret: string;
  events: number;
  /** Deliveries in flight at once (default 16). */
  concurrency?: number;
  /** Delivery i's event id: its data.id, the same in every retry. */
  idOf: (i: number) => string;
}

export function delivery(id: string, i: number): WebhookDelivery {
  return {
    event_code: 'order.created',
    data: { id, url: `https://dashboard.training.invalid/orders/${id}`, order_number: `F${i}` },
  };
}

/** Sends every event until acknowledged; answers how many attempts were refused or failed on the way. */
export async function sendAll(options: SendOptions): Promise<{ retries: number }> {
  let next = 0;
  let retries = 0;
  const one = async (i: number) => {
    const body = JSON.stringify(delivery(options.idOf(i), i));
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.secret}` },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await answer.arrayBuffer();
        if (answer.ok) return;
      } catch {
        // The relay was killed mid-request, or is not up yet.
      }
      retries++;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 20 * 2 ** Math.min(attempt, 6))));
    }
  };
  const lane = async () => {
    while (next < options.events) await one(next++);
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 16 }, lane));
  return { retries };
}
