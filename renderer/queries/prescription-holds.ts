// The pharmacist's gate as the screens show it, before anyone acts: what holds each prescription line of an order, as
// main answers it (workQueue:orderHolds: main reads the order, its electronic prescriptions and the pharmacy's record
// of review decisions itself, and judges them by rules/verification/fill-gate.ts, the rule it refuses by).
import { useQuery } from '@tanstack/react-query';
import type { LineHold } from '../../rules/verification/fill-gate.ts';
import { station, unwrap } from './station.ts';

/** Every order's holds; a review decision recorded here makes them stale. */
export const orderHoldsKey = ['orderHolds'] as const;

export interface PrescriptionHolds {
  /** Still waiting for main's answer. */
  pending: boolean;
  holds: LineHold[];
  /** Main could not answer (the order could not be read): the screens say so rather than show no hold. */
  error: Error | null;
}

/** The holds of one order; null reads nothing (no holds, not pending), as before its panels are shown. */
export function usePrescriptionHolds(orderId: string | null | undefined): PrescriptionHolds {
  const holds = useQuery({
    queryKey: [...orderHoldsKey, orderId ?? ''],
    queryFn: () => unwrap(station().workQueue.orderHolds({ orderId: orderId ?? '' })),
    enabled: !!orderId,
    // A decision may have been recorded at any station since: ask main each time a screen opens the order.
    staleTime: 0,
  });
  return { pending: !!orderId && holds.isPending, holds: (holds.data ?? []) as LineHold[], error: holds.error };
}
