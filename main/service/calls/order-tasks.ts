// The tasks linked to an order, answered by main in one call (tasks:forOrder): main reads the order and its electronic
// prescriptions itself (the prescriptions' ids come from the service, never from the page), then the newest tasks page
// by page, and keeps those naming the order or one of its prescriptions.

import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import { LINKED_TASKS_SCAN_LIMIT, type OrderTasks } from '../../../contract/ipc/order-tasks.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { Task } from '../../../contract/service/tasks.ts';
import { callService, type ServiceCaller, type ServiceCallParts } from './service-calls.ts';

const TASK_PAGE_SIZE = 200;

/** The ids of the prescriptions of the order's electronic prescriptions, as the service lists them. */
async function prescriptionIdsOf(order: Order, read: ServiceCaller): Promise<Set<string>> {
  const found = new Set<string>();
  for (const electronicId of order.electronic_prescription_ids ?? []) {
    const electronic = await read(operations.prescriptions.getElectronic, {
      params: { electronic_prescription_id: electronicId },
    });
    for (const prescription of electronic.prescriptions ?? []) {
      if (prescription.id) found.add(prescription.id);
    }
  }
  return found;
}

/** The newest tasks, page by page, up to `limit`; `complete` false when there were more. */
async function newestTasks(read: ServiceCaller, limit: number): Promise<{ tasks: Task[]; complete: boolean }> {
  const tasks: Task[] = [];
  for (let page = 1; tasks.length < limit; page++) {
    const rows = await read(operations.tasks.list, { query: { page, page_size: TASK_PAGE_SIZE } });
    tasks.push(...rows);
    if (rows.length < TASK_PAGE_SIZE) return { tasks, complete: true };
  }
  return { tasks, complete: false };
}

/** The order's linked tasks: naming the order (by its id as the service has it) or one of its prescriptions. */
export async function linkedTasks(
  orderId: string,
  read: ServiceCaller,
  limit = LINKED_TASKS_SCAN_LIMIT,
): Promise<OrderTasks> {
  const order = await read(operations.orders.get, { params: { order_id: orderId } });
  const id = order.id;
  const prescriptions = await prescriptionIdsOf(order, read);
  const { tasks, complete } = await newestTasks(read, limit);
  const linked = tasks.filter(
    (task) =>
      task.order_id === id || (typeof task.prescription_id === 'string' && prescriptions.has(task.prescription_id)),
  );
  return { tasks: linked, complete };
}

/** tasks:forOrder: main reads the order, its prescriptions and the tasks itself, through the station's client. */
export const orderTaskHandlers: ChannelGroup<'tasks:forOrder', ServiceCallParts> = {
  'tasks:forOrder': ({ orderId }, parts) =>
    linkedTasks(orderId, (operation, input) => callService(operation, input, parts)),
};
