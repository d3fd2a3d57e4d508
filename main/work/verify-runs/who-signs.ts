// Who may verify this order now, held by main from what it read: an order past verification only with an admin's
// re-verify, the picker the status history names only with another pharmacist's override. The sign-offs name the
// people main saw (a pharmacist's confirmation, the signed-in admin), never ones the renderer claims.
import type { SignOff, SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { isPastVerification } from '../../../rules/verification/who-may-verify.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { RunContext } from './run-context.ts';
import type { RunParts } from './run-parts.ts';

/** A sign-off as the run keeps it: what the record's input says, and the person main resolved. */
export interface Signed {
  input: { purpose: SignOff['purpose']; productId: string | null; note: string; confirmationId: string | null };
  by: SignOff['by'];
}

/** The sign-offs given before counting, each resolved to its person, or a refusal that says why. */
export function signBeforeCounting(given: readonly SignOffInput[], context: RunContext, parts: RunParts): Signed[] {
  const { user } = parts.signedIn();
  const orderId = context.order.id;
  return given.map((signOff): Signed => {
    const input = {
      purpose: signOff.purpose,
      productId: null,
      note: signOff.note.trim(),
      confirmationId: signOff.confirmationId ?? null,
    };
    if (signOff.purpose === 'reverify') {
      parts.require('reverify', 'verify again an order already past verification');
      return { input: { ...input, confirmationId: null }, by: { id: user.id, email: user.email, name: nameOf(user) } };
    }
    // picker_override: a pharmacist's confirmation given for this order, who is not the person signed in.
    const by = parts.takeConfirmation(input.confirmationId as string, { kind: 'picker_override', orderId });
    if (by.email.toLowerCase() === user.email.toLowerCase() || (by.id !== null && by.id === user.id)) {
      const detail = 'The person who picked the order cannot override for themselves.';
      const facts = { purpose: 'picker_override', subject: orderId, claimedEmail: null, confirmed: by, detail };
      parts.audit.recordRefusal({ ...facts, reason: 'own_pick' }, user);
      throw new StationError('forbidden', detail);
    }
    return { input, by };
  });
}

/**
 * A pharmacist who records an order verified made its final check (tech-check-tech or not): their sign-off, added by
 * main from the session, never asked of the page. Anyone else's verification adds none, nor does a pharmacist's role
 * the service has not confirmed in this run (read back from session-state.json alone).
 */
export function withOwnFinalCheck(signed: readonly Signed[], outcome: string, parts: RunParts): Signed[] {
  const { user, role, roleConfirmed } = parts.signedIn();
  if (outcome !== 'verified' || role !== 'pharmacist' || !roleConfirmed) return [...signed];
  const input = {
    purpose: 'final_check' as const,
    productId: null,
    note: 'Verified by a pharmacist',
    confirmationId: null,
  };
  return [...signed, { input, by: { id: user.id, email: user.email, name: nameOf(user) } }];
}

/** Refuses when the order may not be verified by this person now, with these sign-offs. */
export function checkWhoMayVerify(context: RunContext, signed: readonly Signed[], parts: RunParts): void {
  const purposes = new Set(signed.map((s) => s.input.purpose));
  const { status } = context.order;
  if (isPastVerification(status) && !purposes.has('reverify')) {
    throw new StationError('forbidden', `This order is ${String(status)}: it is past verification.`);
  }
  const me = parts.signedIn().user;
  if (context.picker && me.id && context.picker.id === me.id && !purposes.has('picker_override')) {
    throw new StationError('forbidden', 'You picked this order: someone else verifies it, or a pharmacist overrides.');
  }
}
