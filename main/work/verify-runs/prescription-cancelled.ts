// A prescription cancelled at the service while a run of its order is open here stops that run as an order's
// cancellation does (main/events/order-interrupts.ts): the service's prescription.cancelled names the prescription,
// and main finds the runs whose prescriptions, as it read them for the run, include it. The banner names the
// prescription; the record of the run is refused anyway (the gate reads the prescriptions again before recording).
import { drugWithStrength } from '../../../contract/documents.ts';
import type { OrderInterruption, StationEvent } from '../../events/index.ts';
import { runsWithPrescription } from './run-contexts.ts';

export const PRESCRIPTION_CANCELLED = 'prescription.cancelled';

/** The banner's words: which prescription, on which order, and that the run stops. */
export function prescriptionCancelledWords(drug: string, orderNumber: string | null): string {
  const order = orderNumber ? `order ${orderNumber}` : 'this order';
  return `The prescription for ${drug} on ${order} was cancelled at the service. Stop: this verification cannot be completed. Put the items aside and follow the pharmacy’s procedure.`;
}

/** The interruptions a service event stands for among the runs open here: none unless a prescription was cancelled. */
export function cancelledUnderRuns(event: StationEvent, runs: object): OrderInterruption[] {
  if (event.eventCode !== PRESCRIPTION_CANCELLED) return [];
  return runsWithPrescription(runs, event.subjectId).map(({ orderId, orderNumber, prescription }) => ({
    orderId,
    orderNumber,
    change: 'cancelled',
    eventKey: event.key,
    learntFrom: event.source,
    at: event.receivedAt,
    message: prescriptionCancelledWords(
      drugWithStrength(prescription.drug_name ?? prescription.name ?? 'this medication', prescription.strength),
      orderNumber,
    ),
  }));
}
