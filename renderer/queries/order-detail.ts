// What the order view reads besides the order itself: status history, the electronic prescriptions, the tasks linked
// to the order; and the replacement and cancellation requests it sends (the patient's risk factors: patients.ts).
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CancellationRequestBody, Order, ReplacementRequestBody } from '../../contract/service/orders.ts';
import { orderQueryKey } from './orders.ts';
import { station, unwrap } from './station.ts';

export const statusHistoryKey = (orderId: string) => ['orders', 'statusHistory', orderId] as const;
export const electronicPrescriptionKey = (id: string) => ['prescriptions', 'electronic', id] as const;
/** The order's linked tasks, under ['tasks'] so a task write reads them again. */
export const linkedTasksKey = (orderId: string) => ['tasks', 'forOrder', orderId] as const;

export function useStatusHistory(orderId: string) {
  return useQuery({
    queryKey: statusHistoryKey(orderId),
    queryFn: () => unwrap(station().orders.statusHistory({ params: { order_id: orderId } })),
  });
}

/** Each electronic prescription of the order, read one by one (an order has few). */
export function useElectronicPrescriptions(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: electronicPrescriptionKey(id),
      queryFn: () => unwrap(station().prescriptions.getElectronic({ params: { electronic_prescription_id: id } })),
      staleTime: 60_000,
    })),
  });
}

/**
 * The tasks that name this order, or one of its prescriptions (a review's clarification is linked to the prescription),
 * found by main in one call (tasks:forOrder); `enabled` false holds the read back (the order view waits for its first
 * paint).
 */
export function useLinkedTasks(orderId: string, enabled = true) {
  return useQuery({
    queryKey: linkedTasksKey(orderId),
    queryFn: () => unwrap(station().tasks.forOrder({ orderId })),
    enabled,
    staleTime: 30_000,
  });
}

/** After a request the service answers the order as it now is: show that at once, and read the history again. */
function settle(queryClient: QueryClient, orderId: string, order: Order): void {
  queryClient.setQueryData(orderQueryKey(orderId), order);
  if (order.id !== orderId) queryClient.setQueryData(orderQueryKey(order.id), order);
  void queryClient.invalidateQueries({ queryKey: statusHistoryKey(orderId) });
  void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
}

export function useRequestReplacement(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplacementRequestBody) =>
      unwrap(station().orders.requestReplacement({ params: { order_id: orderId }, body })),
    onSuccess: (order) => settle(queryClient, orderId, order),
  });
}

export function useRequestCancellation(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancellationRequestBody) =>
      unwrap(station().orders.requestCancellation({ params: { order_id: orderId }, body })),
    onSuccess: (order) => settle(queryClient, orderId, order),
  });
}

/** An event about this order (a status change, a shipment) reads the order and its history again. */
export function useOrderEventRefresh(order: Pick<Order, 'id' | 'order_number'>) {
  const queryClient = useQueryClient();
  const { id, order_number: orderNumber } = order;
  useEffect(
    () =>
      station().on('order.event', (event) => {
        if (event.subjectId !== id && (!orderNumber || event.orderNumber !== orderNumber)) return;
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: statusHistoryKey(id) });
      }),
    [queryClient, id, orderNumber],
  );
}
