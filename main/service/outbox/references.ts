// Links a person typed while offline (an order number, a patient's or a prescription's id), looked up when the write
// is sent: each becomes the service's id, or the write is parked with a message saying which link names nothing.
import { ServiceError } from '../client/index.ts';
import { storedRefsOf } from './schema.ts';
import type { OutboxProblem, TasksClient } from './types.ts';

const WORDS: Record<string, string> = { order_id: 'order', patient_id: 'patient', prescription_id: 'prescription' };

type Lookup = (client: TasksClient, ref: string, signal: AbortSignal) => Promise<{ id: string }>;

const LOOKUPS: Record<string, Lookup> = {
  order_id: (client, ref, signal) => client.orders.get({ params: { order_id: ref }, signal }),
  patient_id: (client, ref, signal) => client.patients.get({ params: { patient_id: ref }, signal }),
  prescription_id: (client, ref, signal) => client.prescriptions.get({ params: { prescription_id: ref }, signal }),
};

export type ResolvedReferences = { ok: true; links: Record<string, string> } | { ok: false; problem: OutboxProblem };

/** Throws the client's error when the service cannot be asked (the write then waits and tries again). */
export async function resolveReferences(
  client: TasksClient,
  refs: string | null,
  signal: AbortSignal,
): Promise<ResolvedReferences> {
  if (!refs) return { ok: true, links: {} };
  const links: Record<string, string> = {};
  for (const [link, typed] of Object.entries(storedRefsOf(refs))) {
    const lookup = LOOKUPS[link];
    if (!lookup) continue;
    try {
      links[link] = (await lookup(client, typed, signal)).id;
    } catch (error) {
      const refused = error instanceof ServiceError && (error.status === 404 || error.status === 400);
      if (!refused) throw error;
      const what = WORDS[link] ?? link;
      return {
        ok: false,
        problem: {
          status: error.status,
          code: 'reference_unknown',
          message: `The linked ${what} "${typed}" (typed while offline) does not exist on the service. Correct the link and send again, or discard this change.`,
        },
      };
    }
  }
  return { ok: true, links };
}
