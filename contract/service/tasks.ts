// Tasks: the work items pharmacists assign each other, their category and status code tables, and their operations.
import { z } from 'zod';
import { codeAndName, id, maybe, pageQuery, prefixed, recordStamps, timestamp, uuid } from './common.ts';
import { defineOperation } from './operation.ts';

// ---- Code tables ----

/**
 * The training service's task categories. T01 Order is the real service's; T06 appears in one of its examples;
 * the rest are our decision. Clients read them from `tasks.categories`, never from here.
 */
export const taskCategories = [
  { code: 'T01', name: 'Order' },
  { code: 'T02', name: 'Prescription' },
  { code: 'T03', name: 'Inventory' },
  { code: 'T04', name: 'Patient' },
  { code: 'T05', name: 'Shipping' },
  { code: 'T06', name: 'Other' },
] as const;

/** The training service's task statuses (NEW is the real service's; the rest are our decision). */
export const taskStatuses = [
  { code: 'NEW', name: 'New', is_final: false },
  { code: 'IN_PROGRESS', name: 'In Progress', is_final: false },
  { code: 'BLOCKED', name: 'Blocked', is_final: false },
  { code: 'DONE', name: 'Done', is_final: true },
  { code: 'CANCELLED', name: 'Cancelled', is_final: true },
] as const;

// ---- Responses (loose) ----

/** A person on a task (assignee or watcher) as the service answers it. */
export const taskPerson = z.looseObject({
  id,
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  role: maybe(z.string()),
});
export type TaskPerson = z.infer<typeof taskPerson>;

/** What a task is about: the order, patient or prescription it names, when it names one. */
const taskSubject = { order_id: maybe(id), patient_id: maybe(id), prescription_id: maybe(id) };

export const task = z.looseObject({
  ...recordStamps,
  name: maybe(z.string()),
  description: maybe(z.string()),
  ...prefixed('category', codeAndName),
  ...prefixed('status', codeAndName),
  assignee: maybe(taskPerson),
  assignee_id: maybe(id),
  created_by_id: maybe(id),
  completed_at: maybe(timestamp),
  ...taskSubject,
  watchers: maybe(z.array(taskPerson)),
});
export type Task = z.infer<typeof task>;

export const taskCategory = z.looseObject({
  code: z.string().min(1),
  name: maybe(z.string()),
});
export type TaskCategory = z.infer<typeof taskCategory>;

export const taskStatus = z.looseObject({
  code: z.string().min(1),
  name: maybe(z.string()),
  is_final: maybe(z.boolean()),
});
export type TaskStatus = z.infer<typeof taskStatus>;

// ---- Requests (strict) ----

/** A category or status code in a request: its format only, because the tables are served, not hard-coded. */
export const taskCode = z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'a code in capitals, such as T01 or IN_PROGRESS');

const taskName = z.string().trim().min(1).max(200);
const taskDescription = z.string().max(5000);
const watcherList = z.array(z.strictObject({ id: uuid })).max(50);

/** Decision: name and category_code are required; a task without them cannot be routed. Status defaults to NEW. */
export const taskCreateBody = z.strictObject({
  name: taskName,
  description: taskDescription.optional(),
  category_code: taskCode,
  status_code: taskCode.optional(),
  assignee: uuid.optional(),
  order_id: uuid.optional(),
  patient_id: uuid.optional(),
  prescription_id: uuid.optional(),
  watchers: watcherList.optional(),
});
export type TaskCreateBody = z.input<typeof taskCreateBody>;

/** A partial update, at least one field. Decision: null clears the assignee or a link. The category is fixed. */
export const taskUpdateBody = z
  .strictObject({
    name: taskName.optional(),
    description: taskDescription.nullable().optional(),
    status_code: taskCode.optional(),
    assignee: uuid.nullable().optional(),
    watchers: watcherList.optional(),
    order_id: uuid.nullable().optional(),
    patient_id: uuid.nullable().optional(),
    prescription_id: uuid.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'an update names at least one field');
export type TaskUpdateBody = z.input<typeof taskUpdateBody>;

// ---- Operations ----

const taskParams = z.strictObject({ task_id: uuid });

export const tasksOperations = {
  create: defineOperation({
    name: 'tasks.create',
    method: 'POST',
    path: '/api/v1/tasks',
    body: taskCreateBody,
    response: task,
    status: 201,
    source: 'spec',
    summary: 'Create a task',
  }),
  list: defineOperation({
    name: 'tasks.list',
    method: 'GET',
    path: '/api/v1/tasks',
    query: z.strictObject({
      ...pageQuery,
      status_code: taskCode.optional(),
      assignee_id: uuid.optional(),
      category_code: taskCode.optional(),
    }),
    response: z.array(task),
    paginated: true,
    source: 'facts',
    summary: 'List tasks, filtered by status, assignee or category',
  }),
  get: defineOperation({
    name: 'tasks.get',
    method: 'GET',
    path: '/api/v1/tasks/{task_id}',
    params: taskParams,
    response: task,
    source: 'facts',
    summary: 'Get one task',
  }),
  update: defineOperation({
    name: 'tasks.update',
    method: 'PATCH',
    path: '/api/v1/tasks/{task_id}',
    params: taskParams,
    body: taskUpdateBody,
    response: task,
    source: 'facts',
    summary: 'Change a task: name, description, status, assignee, watchers or links',
  }),
  categories: defineOperation({
    name: 'tasks.categories',
    method: 'GET',
    path: '/api/v1/tasks/categories',
    response: z.array(taskCategory),
    source: 'facts',
    summary: 'List the task categories',
  }),
  statuses: defineOperation({
    name: 'tasks.statuses',
    method: 'GET',
    path: '/api/v1/tasks/statuses',
    response: z.array(taskStatus),
    source: 'facts',
    summary: 'List the task statuses',
  }),
};
