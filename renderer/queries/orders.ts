// Orders read through the station: one order by UUID, order number or external id (the service resolves which).
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export type OrderView = Awaited<ReturnType<typeof fetchOrder>>;

export function fetchOrder(orderId: string) {
  return unwrap(station().orders.get({ params: { order_id: orderId } }));
}

/** The order a scan named; disabled until something was scanned. */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: ['orders', 'get', orderId],
    queryFn: () => fetchOrder(orderId as string),
    enabled: orderId !== null,
  });
}
