// What the signed-in person may do, from the role table (rules/capabilities.ts) and an identity the service
// confirmed in this run. A role read back from session-state.json alone allows reading only: a pharmacist's or an
// admin's action waits until the service has said who this is (a sign-in, an unlock, a verify after a restore).
import { type Capability, roleMay, rolesWith } from '../../../rules/capabilities.ts';
import type { SessionState } from './types.ts';

const article = (role: string) => (role === 'admin' ? 'an admin' : `a ${role}`);

/** Why the signed-in person may not do `what` (needing `capability`) now, or null when they may. */
export function capabilityRefusal(state: SessionState, capability: Capability, what: string): string | null {
  if (!state.user) return 'Sign in first.';
  const holders = rolesWith(capability).map(article).join(' or ');
  if (!roleMay(state.role, capability)) return `Only ${holders} may ${what}.`;
  if (!state.roleConfirmed) {
    return (
      `Your role (${state.role}) was read back from this station and the service has not confirmed it in this run: ` +
      `to ${what}, wait until the service answers again (or sign in again). Reading works meanwhile.`
    );
  }
  return null;
}
