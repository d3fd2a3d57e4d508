// Who may verify an order now, read from the service's own records: main enforces it when a verification is recorded,
// the verify screen shows it before counting. Pure; imports only types.
import type { OrderStatusChange } from '../../contract/service/orders.ts';

/** Statuses past verification: the order was verified already, has left, or will not ship. */
export const PAST_VERIFICATION: ReadonlySet<string> = new Set(['verified', 'shipped', 'delivered', 'cancelled']);

export function isPastVerification(status: string | null | undefined): boolean {
  return typeof status === 'string' && PAST_VERIFICATION.has(status.toLowerCase());
}

export interface Picker {
  id: string;
  name: string | null;
  at: string | null;
}

const isPickedStep = (step: OrderStatusChange) =>
  step.status_code === 'PK01' || (step.status_name ?? '').trim().toLowerCase() === 'picked';

/**
 * Who picked the order, as its status history says: the latest step into Picked (status_code PK01 or status name
 * "Picked") that names a person (updated_by). A step that names nobody (an automatic move) says nothing, and then the
 * rule does not apply: the station does not guess.
 */
export function pickerOf(history: readonly OrderStatusChange[] | null | undefined): Picker | null {
  const steps = [...(history ?? [])].filter(isPickedStep);
  steps.sort((a, b) => String(a.updated_at ?? '').localeCompare(String(b.updated_at ?? '')));
  const last = steps.at(-1);
  if (!last?.updated_by) return null;
  const name = [last.updated_by_first_name, last.updated_by_last_name].filter(Boolean).join(' ').trim();
  return { id: String(last.updated_by), name: name || null, at: last.updated_at ?? null };
}
