// Which role may call which operation. Every signed-in role may read; the exceptions below name who may write what.
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { forbidden } from '../http/errors.ts';
import type { AuthUser } from '../http/handler.ts';

export type Role = 'admin' | 'pharmacist' | 'technician';
const clinical: Role[] = ['admin', 'pharmacist'];
const adminOnly: Role[] = ['admin'];

/**
 * Operations not open to every role. Decisions (the spec does not show roles, §5.9):
 * - clinical judgement (licenses, confirming or removing a patient's risk factor, cancelling or unpausing an order)
 *   belongs to pharmacists;
 * - running the training service itself (reset, simulation) belongs to admins;
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
};

export function rolesFor(operationName: string): Role[] {
  return restrictedOperations[operationName] ?? ['admin', 'pharmacist', 'technician'];
}

export function authorize(user: AuthUser, operation: AnyOperation): void {
  const roles = rolesFor(operation.name);
  if (!roles.includes(user.role as Role)) {
    throw forbidden(`${operation.summary} is for ${roles.join(' or ')} users; you are signed in as ${user.role}.`);
  }
}
