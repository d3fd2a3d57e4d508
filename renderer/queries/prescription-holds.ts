// The pharmacist's gate as the screens show it, before anyone acts: the order's prescriptions (through its electronic
// prescriptions) and this station's review decisions of each, judged by the rule main enforces
// (rules/verification/fill-gate.ts). Main refuses by the same rule whatever the screen shows.
import { useQueries } from '@tanstack/react-query';
import type { ReviewDecision } from '../../contract/ipc/audit-review.ts';
import type { Order } from '../../contract/service/orders.ts';
import { holdsOfLines, type LineHold, type PrescriptionForGate } from '../../rules/verification/fill-gate.ts';
import { reviewsQuery } from './audit.ts';
import { useElectronicPrescriptions } from './order-detail.ts';

export interface PrescriptionHolds {
  /** Still reading the prescriptions or their reviews. */
  pending: boolean;
  holds: LineHold[];
}

export function usePrescriptionHolds(
  order: Pick<Order, 'electronic_prescription_ids' | 'products'>,
): PrescriptionHolds {
  const electronic = useElectronicPrescriptions(order.electronic_prescription_ids ?? []);
  const read = electronic.every((query) => query.isSuccess);
  const prescriptions: PrescriptionForGate[] = electronic.flatMap(
    (query) => (query.data?.prescriptions ?? []) as PrescriptionForGate[],
  );
  const reviews = useQueries({
    queries: prescriptions.map((prescription) => reviewsQuery(prescription.id)),
  });
  const byId = new Map<string, ReviewDecision[]>(
    prescriptions.map((prescription, i) => [prescription.id, reviews[i]?.data ?? []]),
  );
  const pending = electronic.some((query) => query.isPending) || reviews.some((query) => query.isPending);
  const lines = (order.products?.prescription ?? []).map((product) => ({
    productId: product.id,
    kind: 'prescription',
    name: product.name ?? null,
  }));
  return {
    pending,
    holds: holdsOfLines(lines, read ? prescriptions : null, (id) => byId.get(id) ?? []),
  };
}
