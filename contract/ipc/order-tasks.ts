// The tasks linked to an order (tasks:forOrder): those naming the order, and those naming one of its prescriptions
// (a review's "needs clarification" is linked to the prescription). The service's task list cannot be filtered by
// order, so main reads the newest tasks page by page, up to LINKED_TASKS_SCAN_LIMIT, in one call. Spread into the
// station's own channels.
import { z } from 'zod';
import { task } from '../service/tasks.ts';
import { defineChannel } from './channel.ts';
import { outboxEntry, outboxWrite } from './outbox.ts';

/** How many of the newest tasks main looks through for an order's links. */
export const LINKED_TASKS_SCAN_LIMIT = 2_000;

export const orderTasksInput = z.strictObject({
  /** The order's UUID, number or external id; main reads the order and its prescriptions itself. */
  orderId: z.string().trim().min(1).max(200),
});

export const orderTasks = z.strictObject({
  tasks: z.array(task),
  /** False when there were more tasks than main looked through: an older linked task may be missing. */
  complete: z.boolean(),
});
export type OrderTasks = z.infer<typeof orderTasks>;

/** The task channels that are the station's own: a write queued in the outbox, and an order's linked tasks. */
export const taskChannels = {
  'tasks:enqueue': defineChannel('tasks:enqueue', {
    input: outboxWrite,
    output: outboxEntry,
    summary: 'Queue a task write (create, update, complete); it reaches the service when it can',
  }),
  'tasks:forOrder': defineChannel('tasks:forOrder', {
    input: orderTasksInput,
    output: orderTasks,
    summary: 'The tasks linked to an order or one of its prescriptions, found by main among the newest 2,000',
  }),
};
