// What main read for each open run (run-context.ts), held in memory per person and order so a scan costs no service
// read; rebuilt from the service when missing (a restart), at most 50 at a time.
import type { PrescriptionForGate } from '../../../rules/verification/fill-gate.ts';
import { type RunContext, readRunContext } from './run-context.ts';
import type { RunParts } from './run-parts.ts';

const contexts = new WeakMap<object, Map<string, RunContext>>();
const MAX_CONTEXTS = 50;

/** Whose runs these are: the signed-in person's id, else their email (never the renderer's word). */
export function ownerOf(parts: RunParts): string {
  const { user } = parts.signedIn();
  return user.id ?? user.email;
}

function contextsOf(parts: RunParts): Map<string, RunContext> {
  const found = contexts.get(parts.runs) ?? new Map<string, RunContext>();
  contexts.set(parts.runs, found);
  return found;
}

const keyOf = (parts: RunParts, orderId: string) => `${ownerOf(parts)}\u0000${orderId}`;

export function remember(parts: RunParts, orderId: string, context: RunContext): RunContext {
  const held = contextsOf(parts);
  const key = keyOf(parts, orderId);
  held.delete(key);
  held.set(key, context);
  for (const oldest of held.keys()) if (held.size > MAX_CONTEXTS) held.delete(oldest);
  return context;
}

export async function contextOf(parts: RunParts, orderId: string): Promise<RunContext> {
  return contextsOf(parts).get(keyOf(parts, orderId)) ?? remember(parts, orderId, await readRunContext(parts, orderId));
}

export function forget(parts: RunParts, orderId: string): void {
  contextsOf(parts).delete(keyOf(parts, orderId));
}

/** The open runs held here (anyone's) whose prescriptions, as main read them for the run, include this one. */
export function runsWithPrescription(
  runs: object,
  prescriptionId: string,
): { orderId: string; orderNumber: string | null; prescription: PrescriptionForGate }[] {
  const found = new Map<string, { orderId: string; orderNumber: string | null; prescription: PrescriptionForGate }>();
  for (const context of contexts.get(runs)?.values() ?? []) {
    const prescription = context.prescriptions?.find((p) => p.id.toLowerCase() === prescriptionId.toLowerCase());
    if (prescription)
      found.set(context.order.id, { orderId: context.order.id, orderNumber: context.order.orderNumber, prescription });
  }
  return [...found.values()];
}
