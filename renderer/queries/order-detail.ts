// What the order view reads besides the order itself: status history, the electronic prescriptions, the tasks linked
// to the order; and the replacement and cancellation requests it sends (the patient's risk factors: patients.ts).
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CancellationRequestBody, Order, ReplacementRequestBody } from '../../contract/service/orders.ts';
import type { Task } from '../../contract/service/tasks.ts';
import { orderQueryKey } from './orders.ts';
import { station, unwrap } from './station.ts';

export const statusHistoryKey = (orderId: string) => ['orders', 'statusHistory', orderId] as const;
export const electronicPrescriptionKey = (id: string) => ['prescriptions', 'electronic', id] as const;
/** Every task the station looked through for links, shared by all order views (one walk, not one per scan). */
export const linkedTasksIndexKey = ['tasks', 'linkedIndex'] as const;

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

/** The list cannot be filtered by order, so the station reads the newest tasks page by page, up to this many. */
export const LINKED_TASKS_SCAN_LIMIT = 2_000;
const TASK_PAGE_SIZE = 200;

export interface TaskIndex {
  tasks: Task[];
  /** False when there were more tasks than the station looked through: an older linked task may be missing. */
  complete: boolean;
}

async function fetchTaskIndex(): Promise<TaskIndex> {
  const tasks: Task[] = [];
  for (let page = 1; tasks.length < LINKED_TASKS_SCAN_LIMIT; page++) {
    const batch = await unwrap(station().tasks.list({ query: { page, page_size: TASK_PAGE_SIZE } }));
    tasks.push(...batch);
    if (batch.length < TASK_PAGE_SIZE) return { tasks, complete: true };
  }
  return { tasks, complete: false };
}

/**
 * The tasks that name this order, or one of its prescriptions (a review's clarification is linked to the prescription);
 * `enabled` false holds the walk back (the order view waits for its first paint).
 */
export function useLinkedTasks(orderId: string, enabled = true, prescriptionIds: readonly string[] = []) {
  return useQuery({
    queryKey: linkedTasksIndexKey,
    queryFn: fetchTaskIndex,
    enabled,
    staleTime: 30_000,
    select: (index: TaskIndex) => ({
      tasks: index.tasks.filter(
        (task) =>
          task.order_id === orderId || (!!task.prescription_id && prescriptionIds.includes(task.prescription_id)),
      ),
      complete: index.complete,
    }),
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
