// Whether this order may be verified now, and by whom: past verification it opens read-only; the person the status
// history names as its picker may not verify it. Also the Rx numbers of the lines. Pure: the screen shows the answer.
import type { OrderStatusChange } from '../../../contract/service/orders.ts';

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

interface PrescriptionLike {
  reference_number?: string | null;
  /** The items as the service answers them (`prescriptions`); `medications` as a create body names them. */
  prescriptions?: readonly { product_code?: string | null }[] | null;
  medications?: readonly { product_code?: string | null }[] | null;
}

const digits = (code: string | null | undefined) => (code ?? '').replace(/\D/g, '');

/**
 * The Rx numbers (reference numbers) of the order's electronic prescriptions by the product code (NDC) they name, so
 * each prescription line shows its own; `all` lists every one for the header.
 */
export function rxNumbersOf(prescriptions: readonly (PrescriptionLike | undefined)[]): {
  all: string[];
  byProductCode: Map<string, string[]>;
} {
  const all: string[] = [];
  const byProductCode = new Map<string, string[]>();
  for (const prescription of prescriptions) {
    const rx = prescription?.reference_number?.trim();
    if (!rx) continue;
    if (!all.includes(rx)) all.push(rx);
    for (const medication of prescription?.prescriptions ?? prescription?.medications ?? []) {
      const code = digits(medication.product_code);
      if (!code) continue;
      byProductCode.set(code, [...(byProductCode.get(code) ?? []), rx]);
    }
  }
  return { all, byProductCode };
}

export const rxOfLine = (rx: ReturnType<typeof rxNumbersOf>, productCode: string | null) =>
  rx.byProductCode.get(digits(productCode)) ?? [];
