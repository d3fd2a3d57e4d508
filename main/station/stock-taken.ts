// Stock taken at a fill (the outbox's stock change), once the service applied it: kept in the audit log of the service
// the station is bound to now, as the lot's adjustment with its quantities before and after (a controlled lot's running
// balance), by whoever is signed in.
import { adjustmentFromCall } from '../audit/index.ts';
import type { OutboxOptions } from '../service/outbox/index.ts';
import type { ServiceBinding } from './service-binding.ts';

export function keepStockTaken(bound: () => Pick<ServiceBinding, 'audit' | 'session'>): OutboxOptions['onStockTaken'] {
  return (taken) => {
    const { audit, session } = bound();
    audit.recordAdjustment(adjustmentFromCall(taken, taken.lot), session.state().user);
  };
}
