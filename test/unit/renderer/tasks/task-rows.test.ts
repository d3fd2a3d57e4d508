// The task list laid over the outbox: what a person sees while writes are waiting, refused, or just applied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTaskRows,
  outboxSummary,
  type RowContext,
  type TaskListView,
  taskBefore,
} from '../../../../renderer/screens/tasks/task-rows.ts';
import { entry, me, naming, nextId, parker, task } from './fixtures.ts';

const context = (view: TaskListView, listReadAt = Date.parse('2026-03-02T08:00:00Z')): RowContext => ({
  ...naming,
  view,
  listReadAt,
});
const mine = context({ kind: 'mine', userId: me.id });
const queue = context({ kind: 'queue' });

describe('tasks created on this station', () => {
  it('a task created offline shows at the top of my tasks, marked pending, with its category and status named', () => {
    const read = [task()];
    const create = entry({
      kind: 'create',
      body: { name: 'Count returned stock', category_code: 'T03', assignee: me.id },
    });
    const rows = buildTaskRows(read, [create], mine);
    expect(rows.map((row) => row.task.name)).toEqual(['Count returned stock', 'Reprint shipping label']);
    expect(rows[0]).toMatchObject({ key: create.id, taskId: null, sync: 'pending' });
    expect(rows[0]?.task).toMatchObject({ category_name: 'Inventory', status_code: 'NEW', status_name: 'New' });
    expect(rows[0]?.task.assignee).toMatchObject({ id: me.id, first_name: 'Taylor' });
  });

  it('a task created for someone else is not in my tasks but is in the team queue', () => {
    const create = entry({
      kind: 'create',
      body: { name: 'Call prescriber', category_code: 'T01', assignee: parker.id },
    });
    expect(buildTaskRows([], [create], mine)).toEqual([]);
    expect(buildTaskRows([], [create], queue)).toHaveLength(1);
  });

  it('a task created already done stays out of the open queue', () => {
    const create = entry({ kind: 'create', body: { name: 'Done already', category_code: 'T01', status_code: 'DONE' } });
    expect(buildTaskRows([], [create], queue)).toEqual([]);
  });

  it('a search shows a task created here when its name or description holds the words', () => {
    const create = entry({
      kind: 'create',
      body: { name: 'Relabel insulin', category_code: 'T03', description: 'Fridge 2' },
    });
    expect(buildTaskRows([], [create], context({ kind: 'search', q: 'fridge' }))).toHaveLength(1);
    expect(buildTaskRows([], [create], context({ kind: 'search', q: 'freezer' }))).toEqual([]);
  });

  it('a create refused by the service is marked not saved', () => {
    const problem = { status: 422, code: 'validation_error', message: 'No such order.' };
    const create = entry({
      kind: 'create',
      state: 'failed',
      problem,
      body: { name: 'X', category_code: 'T01', assignee: me.id },
    });
    expect(buildTaskRows([], [create], mine)[0]?.sync).toBe('failed');
  });

  it('a create just applied stays on screen, no longer pending, until the list is read again', () => {
    const serviceId = '99999999-9999-4999-8999-999999999999';
    const create = entry({
      kind: 'create',
      state: 'done',
      taskId: serviceId,
      updatedAt: '2026-03-02T09:30:00Z',
      body: { name: 'Count returned stock', category_code: 'T03', assignee: me.id },
    });
    const before = buildTaskRows(
      [],
      [create],
      context({ kind: 'mine', userId: me.id }, Date.parse('2026-03-02T09:00:00Z')),
    );
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ key: serviceId, taskId: serviceId, sync: 'synced' });

    const listed = task({ id: serviceId, name: 'Count returned stock' });
    const after = buildTaskRows(
      [listed],
      [create],
      context({ kind: 'mine', userId: me.id }, Date.parse('2026-03-02T10:00:00Z')),
    );
    expect(after.filter((row) => row.task.name === 'Count returned stock')).toHaveLength(1);
  });

  it('a create applied before the list was read, and not in it, is not shown again', () => {
    const create = entry({
      kind: 'create',
      state: 'done',
      taskId: parker.id,
      updatedAt: '2026-03-02T07:00:00Z',
      body: { name: 'Gone', category_code: 'T01', assignee: me.id },
    });
    expect(buildTaskRows([], [create], mine)).toEqual([]);
  });
});

describe('changes waiting to reach the service', () => {
  it('a queued change shows its new values on the task and marks it pending', () => {
    const read = task();
    const update = entry({
      kind: 'update',
      taskRef: read.id,
      body: { status_code: 'IN_PROGRESS', watchers: [{ id: parker.id }] },
    });
    const [row] = buildTaskRows([read], [update], queue);
    expect(row?.sync).toBe('pending');
    expect(row?.task).toMatchObject({ status_code: 'IN_PROGRESS', status_name: 'In Progress' });
    expect(row?.task.watchers?.map((w) => w.id)).toEqual([parker.id]);
    expect(row?.base.status_code).toBe('NEW');
  });

  it('a change the service applied no longer marks the task', () => {
    const read = task();
    const update = entry({ kind: 'update', taskRef: read.id, state: 'done', body: { name: 'Old news' } });
    const [row] = buildTaskRows([read], [update], queue);
    expect(row).toMatchObject({ sync: 'synced', writes: [] });
    expect(row?.task.name).toBe('Reprint shipping label');
  });

  it('null clears an assignee or a link', () => {
    const read = task({ order_id: parker.id });
    const update = entry({ kind: 'update', taskRef: read.id, body: { assignee: null, order_id: null } });
    const [row] = buildTaskRows([read], [update], queue);
    expect(row?.task).toMatchObject({ assignee: null, assignee_id: null, order_id: null });
  });

  it('a change to a task created offline applies to its pending row', () => {
    const create = entry({ kind: 'create', body: { name: 'First name', category_code: 'T01', assignee: me.id } });
    const update = entry({ kind: 'update', taskRef: create.id, body: { name: 'Second name' } });
    const rows = buildTaskRows([], [create, update], mine);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.task.name).toBe('Second name');
    expect(rows[0]?.writes.map((w) => w.id)).toEqual([create.id, update.id]);
  });

  it('once the create is applied, a change still named by its placeholder lands on the service’s task', () => {
    const serviceId = '99999999-9999-4999-8999-999999999999';
    const create = entry({
      kind: 'create',
      state: 'done',
      taskId: serviceId,
      body: { name: 'A', category_code: 'T01' },
    });
    const update = entry({ kind: 'update', taskRef: create.id, body: { status_code: 'IN_PROGRESS' } });
    const [row] = buildTaskRows([task({ id: serviceId })], [create, update], queue);
    expect(row).toMatchObject({ key: serviceId, sync: 'pending' });
    expect(row?.task.status_code).toBe('IN_PROGRESS');
  });

  it('a refused change marks the task failed even when others wait behind it', () => {
    const read = task();
    const problem = { status: 409, code: 'conflict', message: 'That task is closed.' };
    const refused = entry({ kind: 'update', taskRef: read.id, state: 'failed', problem, body: { name: 'A' } });
    const behind = entry({ kind: 'complete', taskRef: read.id, blockedBy: refused.id, body: { status_code: 'DONE' } });
    const [row] = buildTaskRows([read], [refused, behind], queue);
    expect(row?.sync).toBe('failed');
    expect(row?.task.status_code).toBe('DONE');
  });

  it('the task before a refused change is the task as read with only the earlier changes applied', () => {
    const read = task();
    const first = entry({ kind: 'update', taskRef: read.id, body: { name: 'First' } });
    const refused = entry({ kind: 'update', taskRef: read.id, state: 'failed', body: { name: 'Second' } });
    const [row] = buildTaskRows([read], [first, refused], queue);
    if (!row) throw new Error('no row');
    expect(taskBefore(row, refused.id, naming).name).toBe('First');
    expect(taskBefore(row, first.id, naming).name).toBe('Reprint shipping label');
  });
});

describe('the counts above the list', () => {
  it('counts writes waiting and writes refused, not those applied', () => {
    const entries = [
      entry({ kind: 'create', state: 'queued' }),
      entry({ kind: 'update', state: 'sending' }),
      entry({ kind: 'update', state: 'failed' }),
      entry({ kind: 'update', state: 'done' }),
    ];
    expect(outboxSummary(entries)).toEqual({ waiting: 2, failed: 1 });
  });
});

describe('whatever the outbox holds', () => {
  const state = fc.constantFrom('queued', 'sending', 'failed', 'done' as const);
  it('every task read from the service appears exactly once, and every waiting create at most once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(
          fc.record({ kind: fc.constantFrom('create', 'update', 'complete' as const), state, target: fc.nat(9) }),
          {
            maxLength: 12,
          },
        ),
        (taskCount, writes) => {
          const read = Array.from({ length: taskCount }, () => task());
          const entries = writes.map(({ kind, state: s, target }) => {
            const ref = read[target % Math.max(1, taskCount)]?.id ?? parker.id;
            // An applied create got its own id from the service: one already listed, or a new one.
            const created = read[target]?.id ?? nextId();
            return kind === 'create'
              ? entry({
                  kind,
                  state: s,
                  taskId: s === 'done' ? created : null,
                  body: { name: 'New', category_code: 'T01' },
                })
              : entry({ kind, state: s, taskRef: ref, body: { status_code: 'IN_PROGRESS' } });
          });
          const rows = buildTaskRows(read, entries, queue);
          const keys = rows.map((row) => row.key);
          expect(new Set(keys).size).toBe(keys.length);
          for (const listed of read) expect(keys.filter((key) => key === listed.id)).toHaveLength(1);
          for (const row of rows) expect(row.sync === 'synced').toBe(row.writes.length === 0);
        },
      ),
    );
  });
});
