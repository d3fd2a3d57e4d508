// Which role may call which operation. Every signed-in role may read; the exceptions below name who may write what.
import type { AnyOperation } from '../../contract/service/operation.ts';
import { forbidden } from '../http/errors.ts';
import type { AuthUser } from '../http/handler.ts';

export type Role = 'admin' | 'pharmacist' | 'technician';
const clinical: Role[] = ['admin', 'pharmacist'];
const adminOnly: Role[] = ['admin'];

/**
 * Operations not open to every role. Decisions (the spec does not show roles, §5.9):
 * - clinical judgement (licenses, confirming or removing a patient's risk factor, cancelling or unpausing an order)
 *   belongs to pharmacists;
 * - running the training service itself (reset, simulation, setting a drill up, playing a prescriber who changes or
 *   cancels a prescription) belongs to admins;
 * - webhook administration (the signing secret, subscriptions, samples) belongs to admins: a subscription or a sample
 *   sends patient data to its URL, and a new secret locks every other station's listener out. A station's own sign-in
 *   still works for every role (`selfService` below): it may make the first secret and subscribe or sample its own
 *   listener on this machine, and move a loopback subscription that person made (another's is an admin's to change);
 * - technicians do everything else a fulfillment floor needs: intake, orders, verification, inventory, tasks.
 */
export const restrictedOperations: Record<string, Role[]> = {
  'prescribers.createQualification': clinical,
  'prescribers.updateQualification': clinical,
  'patients.confirmRiskFactor': clinical,
  'patients.deactivateRiskFactor': clinical,
  'orders.requestCancellation': clinical,
  'orders.unpause': clinical,
  'training.reset': adminOnly,
  'training.simulation': adminOnly,
  'training.step': adminOnly,
  'training.changePrescription': adminOnly,
  'training.cancelPrescription': adminOnly,
  'drills.setup': adminOnly,
  'notifications.generateSecret': adminOnly,
  'notifications.createWebhook': adminOnly,
  'notifications.updateWebhook': adminOnly,
  'notifications.sendSample': adminOnly,
};

/**
 * Restricted operations another role may still call in one case, which only the handler can judge (it depends on the
 * body or on stored data): `authorize` lets the call through and the handler calls `requireAdminUnless`.
 */
const selfService: ReadonlySet<string> = new Set([
  'notifications.generateSecret',
  'notifications.createWebhook',
  'notifications.updateWebhook',
  'notifications.sendSample',
]);

export function rolesFor(operationName: string): Role[] {
  return restrictedOperations[operationName] ?? ['admin', 'pharmacist', 'technician'];
}

export function authorize(user: AuthUser, operation: AnyOperation): void {
  if (selfService.has(operation.name)) return;
  requireRole(user, operation.name, operation.summary);
}

/** In a self-service handler: the caller's role must be allowed unless `allowed` says this case is open to all. */
export function requireAdminUnless(user: AuthUser | null, allowed: boolean, name: string, what: string): void {
  if (allowed) return;
  requireRole(user, name, what);
}

function requireRole(user: AuthUser | null, name: string, what: string): void {
  const roles = rolesFor(name);
  if (!roles.includes(user?.role as Role)) {
    throw forbidden(`${what} is for ${roles.join(' or ')} users; you are signed in as ${user?.role ?? 'nobody'}.`);
  }
}
