// Task schemas: the served code tables, tolerant task answers, and strict create and update requests.
import { describe, expect, it } from 'vitest';
import {
  task,
  taskCategories,
  taskCreateBody,
  taskStatuses,
  tasksOperations,
  taskUpdateBody,
} from '../../../contract/service/tasks.ts';

const TASK_ID = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const USER_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const ORDER_ID = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';

const sampleTask = {
  id: TASK_ID,
  created_at: '2025-03-16T22:55:37.920593',
  updated_at: '2025-03-16T22:55:37Z',
  name: 'Call prescriber about dose',
  description: 'Directions are unclear on the second medication.',
  category_code: 'T01',
  category_name: 'Order',
  status_code: 'NEW',
  status_name: 'New',
  assignee: { id: USER_ID, first_name: 'Avery', last_name: 'Example', role: 'pharmacist' },
  assignee_id: USER_ID,
  created_by_id: USER_ID,
  completed_at: null,
  order_id: ORDER_ID,
  patient_id: null,
  prescription_id: null,
  watchers: [{ id: USER_ID, first_name: 'Avery', last_name: 'Example', role: 'pharmacist' }],
  priority: 'kept as sent',
};

describe('the task code tables', () => {
  it('hold T01 Order and the example code T06', () => {
    expect(taskCategories.map((c) => c.code)).toEqual(['T01', 'T02', 'T03', 'T04', 'T05', 'T06']);
    expect(taskCategories[0]).toEqual({ code: 'T01', name: 'Order' });
  });

  it('start at NEW and end at DONE or CANCELLED', () => {
    expect(taskStatuses[0]).toEqual({ code: 'NEW', name: 'New', is_final: false });
    expect(taskStatuses.filter((s) => s.is_final).map((s) => s.code)).toEqual(['DONE', 'CANCELLED']);
  });

  it('are each valid answers of the categories and statuses operations', () => {
    expect(tasksOperations.categories.response.safeParse(taskCategories).success).toBe(true);
    expect(tasksOperations.statuses.response.safeParse(taskStatuses).success).toBe(true);
  });
});

describe('task answers', () => {
  it('keep unknown fields and accept nulls and zone-less timestamps', () => {
    expect(task.parse(sampleTask).priority).toBe('kept as sent');
  });

  it('accept a task with only an id', () => {
    expect(task.safeParse({ id: TASK_ID }).success).toBe(true);
  });
});

describe('creating a task', () => {
  const valid = { name: 'Recount lot', category_code: 'T03' };

  it('needs a name and a category', () => {
    expect(taskCreateBody.safeParse(valid).success).toBe(true);
    expect(taskCreateBody.safeParse({ name: 'Recount lot' }).success).toBe(false);
    expect(taskCreateBody.safeParse({ category_code: 'T03' }).success).toBe(false);
  });

  it('takes the assignee as an id and the watchers as objects with an id', () => {
    const body = { ...valid, assignee: USER_ID, watchers: [{ id: USER_ID }], order_id: ORDER_ID, status_code: 'NEW' };
    expect(taskCreateBody.safeParse(body).success).toBe(true);
  });

  it.each([
    ['an unknown key', { ...valid, priority: 'high' }],
    ['an assignee object', { ...valid, assignee: { id: USER_ID } }],
    ['an assignee that is not a UUID', { ...valid, assignee: 'avery' }],
    ['a watcher with extra keys', { ...valid, watchers: [{ id: USER_ID, role: 'admin' }] }],
    ['a lower-case category', { ...valid, category_code: 't03' }],
    ['a blank name', { ...valid, name: ' ' }],
    ['a 201-character name', { ...valid, name: 'x'.repeat(201) }],
    ['a 100 000-character description', { ...valid, description: 'x'.repeat(100_000) }],
    ['a thousand watchers', { ...valid, watchers: Array.from({ length: 1000 }, () => ({ id: USER_ID })) }],
  ])('refuses %s', (_label, body) => {
    expect(taskCreateBody.safeParse(body).success).toBe(false);
  });
});

describe('updating a task', () => {
  it('changes one field at a time and clears the assignee with null', () => {
    expect(taskUpdateBody.safeParse({ status_code: 'IN_PROGRESS' }).success).toBe(true);
    expect(taskUpdateBody.safeParse({ assignee: null }).success).toBe(true);
  });

  it('refuses an empty update, a category change and unknown keys', () => {
    expect(taskUpdateBody.safeParse({}).success).toBe(false);
    expect(taskUpdateBody.safeParse({ category_code: 'T02' }).success).toBe(false);
  });
});

describe('the task operations', () => {
  const examples: Record<keyof typeof tasksOperations, unknown> = {
    create: sampleTask,
    list: [sampleTask],
    get: sampleTask,
    update: { ...sampleTask, status_code: 'DONE', status_name: 'Done', completed_at: '2025-03-17T08:00:00' },
    categories: [{ code: 'T06', name: null }],
    statuses: [{ code: 'NEW', name: 'New' }],
  };

  it.each(Object.entries(tasksOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('filters the list by status, assignee and category, page by page', () => {
    const query = tasksOperations.list.query.parse({ status_code: 'NEW', assignee_id: USER_ID, page: '1' });
    expect(query).toEqual({ status_code: 'NEW', assignee_id: USER_ID, page: 1 });
    expect(tasksOperations.list.query.safeParse({ assignee_id: 'me' }).success).toBe(false);
  });

  it('takes a task id that is a UUID', () => {
    expect(tasksOperations.get.params.safeParse({ task_id: TASK_ID }).success).toBe(true);
    expect(tasksOperations.get.params.safeParse({ task_id: '../categories' }).success).toBe(false);
  });
});
