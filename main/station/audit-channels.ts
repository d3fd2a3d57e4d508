// The audit log's channels that need more than the log: sign-offs resolved to the people main saw (a pharmacist's
// confirmation or the signed-in admin), review decisions by a pharmacist, and the admin's export.
import type { z } from 'zod';
import type { auditRecordInput, auditStopInput } from '../../contract/ipc/audit.ts';
import type { auditExportInput, reviewDecisionInput } from '../../contract/ipc/audit-review.ts';
import type { SignOff } from '../../contract/ipc/sign-off.ts';
import { isPastVerification, pickerOf } from '../../contract/ipc/verify-rules.ts';
import type { ServiceCallInput } from '../../contract/ipc.ts';
import type { OrderStatusChange } from '../../contract/service/orders.ts';
import { AuditError } from '../audit/index.ts';
import { claimWords } from '../events/index.ts';
import { StationError } from './errors.ts';
import type { StationParts } from './parts.ts';
import { shareAfterRecord } from './pharmacy-channels.ts';
import { readThrough } from './service-calls.ts';

/** The audit log's refusals as the station's own, keeping their code, message and field details. */
export function audited<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof AuditError) throw new StationError(error.code, error.message, error.details);
    throw error;
  }
}

function signedIn({ session }: StationParts) {
  const state = session.state();
  if (!state.user) throw new StationError('not_signed_in', 'Sign in first.');
  return { user: state.user, role: state.role };
}

const nameOf = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;

/**
 * Each sign-off's person: a pharmacist's confirmation (used up here) or, for a re-verify, the signed-in admin. A
 * pharmacist cannot override their own pick: the one who confirms is not the one signed in.
 */
function resolveSignOffs(input: z.output<typeof auditRecordInput>, parts: StationParts): SignOff[] {
  const { user, role } = signedIn(parts);
  // One confirmation may cover several lines of the same record (a pharmacist counts every controlled line at once).
  const taken = new Map<string, ReturnType<StationParts['confirmations']['take']>>();
  const take = (id: string) => {
    const person = taken.get(id) ?? parts.confirmations.take(id);
    taken.set(id, person);
    return person;
  };
  return (input.signOffs ?? []).map((signOff) => {
    if (signOff.purpose === 'reverify') {
      if (role !== 'admin') {
        throw new StationError('forbidden', 'Only an admin may verify again an order already past verification.');
      }
      const by = { id: user.id, email: user.email, name: nameOf(user) };
      return { purpose: signOff.purpose, productId: signOff.productId, note: signOff.note, by };
    }
    const by = take(signOff.confirmationId as string);
    if (signOff.purpose === 'picker_override' && by.email === user.email) {
      throw new StationError('forbidden', 'The person who picked the order cannot override for themselves.');
    }
    return { purpose: signOff.purpose, productId: signOff.productId, note: signOff.note, by };
  });
}

/** The service's answer, or null when it cannot be had now (offline, not found): then the rule cannot be read. */
async function readOrNull(operation: string, input: ServiceCallInput, parts: StationParts): Promise<unknown> {
  try {
    return (await readThrough(operation, input, parts)).value;
  } catch {
    return null;
  }
}

/**
 * The rules the verify screen shows, held here too, so a renderer cannot skip them: an order past verification is
 * recorded only with an admin's re-verify; the person the status history names as the picker only with a
 * pharmacist's override. When the service cannot say (offline, unknown order), the record is not held back.
 */
async function checkWhoMayVerify(input: z.output<typeof auditRecordInput>, parts: StationParts): Promise<void> {
  const given = new Set((input.signOffs ?? []).map((signOff) => signOff.purpose));
  const params = { params: { order_id: input.orderId } };
  const [order, history] = await Promise.all([
    readOrNull('orders.get', params, parts),
    readOrNull('orders.statusHistory', params, parts),
  ]);
  const status = (order as { status?: unknown } | null)?.status;
  if (isPastVerification(typeof status === 'string' ? status : null) && !given.has('reverify')) {
    throw new StationError('forbidden', `This order is ${String(status)}: it is past verification.`);
  }
  const picker = pickerOf(Array.isArray(history) ? (history as OrderStatusChange[]) : null);
  const me = parts.session.state().user;
  if (picker && me?.id && picker.id === me.id && !given.has('picker_override')) {
    throw new StationError('forbidden', 'You picked this order: someone else verifies it, or a pharmacist overrides.');
  }
}

/** A run cannot be completed on the old order: main's own inbox says it was cancelled, held or changed since. */
export function refuseIfChangedUnderRun(orderId: string, parts: StationParts): void {
  const changed = parts.events.changedUnderRun(orderId);
  if (changed) throw new StationError('conflict', changed.message);
  // Another station holds the order (its claim over the relay): this station's count of it is not the record.
  const elsewhere = parts.events.shares.heldElsewhere(orderId);
  if (elsewhere) throw new StationError('conflict', claimWords(elsewhere));
}

export const auditChannels = {
  record: async (input: z.output<typeof auditRecordInput>, parts: StationParts) => {
    refuseIfChangedUnderRun(input.orderId, parts);
    await checkWhoMayVerify(input, parts);
    const signOffs = resolveSignOffs(input, parts);
    const entry = audited(() => parts.audit.record(input, parts.session.state().user, signOffs));
    if (entry.outcome === 'verified') shareAfterRecord(parts, 'verified', entry.orderId, entry.orderNumber ?? null);
    return entry;
  },
  recordStop: (input: z.output<typeof auditStopInput>, parts: StationParts) => {
    const approvedBy = input.confirmationId ? parts.confirmations.take(input.confirmationId) : null;
    const stop = audited(() => parts.audit.recordStop(input, parts.session.state().user, approvedBy));
    shareAfterRecord(parts, 'stop_raised', stop.orderId, stop.orderNumber ?? null, stop.kind);
    return stop;
  },
  recordReview: (input: z.output<typeof reviewDecisionInput>, parts: StationParts) => {
    const { role } = signedIn(parts);
    if (role !== 'pharmacist') {
      throw new StationError('forbidden', 'A review decision is a pharmacist’s: sign in as a pharmacist to record it.');
    }
    const review = audited(() => parts.audit.recordReview(input, parts.session.state().user));
    shareAfterRecord(parts, 'reviewed', review.prescriptionId, null, review.decision);
    return review;
  },
  exportRange: (input: z.output<typeof auditExportInput>, parts: StationParts) => {
    if (signedIn(parts).role !== 'admin')
      throw new StationError('forbidden', 'Only an admin may export the audit log.');
    return audited(() => parts.audit.exportRange(input));
  },
};
