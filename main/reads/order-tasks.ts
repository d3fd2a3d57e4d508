// The tasks linked to an order, answered by main in one call (tasks:forOrder): main reads the order and its electronic
// prescriptions itself (the prescriptions' ids come from the service, never from the page), then the newest tasks page
// by page, and keeps those naming the order or one of its prescriptions.

import { LINKED_TASKS_SCAN_LIMIT, type OrderTasks } from '../../contract/ipc/order-tasks.ts';
import type { ServiceCallInput } from '../../contract/ipc.ts';
import type { Task } from '../../contract/service/tasks.ts';

const TASK_PAGE_SIZE = 200;

/** A service read through the station's client (and its read cache while offline). */
export type ServiceRead = (operation: string, input: ServiceCallInput) => Promise<unknown>;

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const ids = (values: unknown): string[] =>
  Array.isArray(values) ? values.filter((id): id is string => typeof id === 'string' && id !== '') : [];

/** The ids of the prescriptions of the order's electronic prescriptions, as the service lists them. */
async function prescriptionIdsOf(order: Record<string, unknown>, read: ServiceRead): Promise<Set<string>> {
  const found = new Set<string>();
  for (const electronicId of ids(order.electronic_prescription_ids)) {
    const electronic = record(
      await read('prescriptions.getElectronic', { params: { electronic_prescription_id: electronicId } }),
    );
    const prescriptions = Array.isArray(electronic?.prescriptions) ? electronic.prescriptions : [];
    for (const prescription of prescriptions) {
      const id = record(prescription)?.id;
      if (typeof id === 'string' && id !== '') found.add(id);
    }
  }
  return found;
}

/** The newest tasks, page by page, up to `limit`; `complete` false when there were more. */
async function newestTasks(read: ServiceRead, limit: number): Promise<{ tasks: Task[]; complete: boolean }> {
  const tasks: Task[] = [];
  for (let page = 1; tasks.length < limit; page++) {
    const batch = await read('tasks.list', { query: { page, page_size: TASK_PAGE_SIZE } });
    const rows = Array.isArray(batch) ? (batch as Task[]) : [];
    tasks.push(...rows);
    if (rows.length < TASK_PAGE_SIZE) return { tasks, complete: true };
  }
  return { tasks, complete: false };
}

/** The order's linked tasks: naming the order (by its id as the service has it) or one of its prescriptions. */
export async function linkedTasks(
  orderId: string,
  read: ServiceRead,
  limit = LINKED_TASKS_SCAN_LIMIT,
): Promise<OrderTasks> {
  const order = record(await read('orders.get', { params: { order_id: orderId } }));
  const id = typeof order?.id === 'string' ? order.id : orderId;
  const prescriptions = order ? await prescriptionIdsOf(order, read) : new Set<string>();
  const { tasks, complete } = await newestTasks(read, limit);
  const linked = tasks.filter(
    (task) =>
      task.order_id === id || (typeof task.prescription_id === 'string' && prescriptions.has(task.prescription_id)),
  );
  return { tasks: linked, complete };
}
