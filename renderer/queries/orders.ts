// Orders read through the station: one order by UUID, order number or external id (the service resolves which).
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export type OrderView = Awaited<ReturnType<typeof fetchOrder>>;

export const orderQueryKey = (orderId: string) => ['orders', 'get', orderId] as const;

export function fetchOrder(orderId: string) {
  return unwrap(station().orders.get({ params: { order_id: orderId } }));
}

/** One order; disabled while `orderId` is null. */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderQueryKey(orderId ?? ''),
    queryFn: () => fetchOrder(orderId as string),
    enabled: orderId !== null,
  });
}
