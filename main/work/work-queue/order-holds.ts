// An order's holds at the pharmacist's gate (workQueue:orderHolds), for the order view and the verify screen to show:
// main reads the order and its electronic prescriptions itself, and the pharmacy's record of review decisions (an OK
// only while what it reviewed is what main reads now), and judges them by the rule the verification run and the print
// gate refuse by (main/work/verify-runs/fill-gate.ts), so a screen never rebuilds the gate from its own reads.
import { operations } from '../../../contract/service/operations.ts';
import type { LineHold } from '../../../rules/verification/fill-gate.ts';
import type { ServiceCaller } from '../../service/calls/service-calls.ts';
import type { GateReviewParts } from '../review/record-reviews.ts';
import { holdsNow, readOrderPrescriptions } from '../verify-runs/fill-gate.ts';

export async function readOrderHolds(
  orderId: string,
  parts: GateReviewParts & { read: ServiceCaller },
): Promise<LineHold[]> {
  const order = await parts.read(operations.orders.get, { params: { order_id: orderId } });
  const lines = (order.products?.prescription ?? []).map((product) => ({
    productId: product.id,
    kind: 'prescription',
    name: product.name ?? null,
  }));
  const prescriptions = await readOrderPrescriptions(order, (input) =>
    parts.read(operations.prescriptions.getElectronic, input),
  );
  return holdsNow(lines, prescriptions, parts);
}
