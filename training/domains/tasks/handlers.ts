// The tasks operations: create, list, get and update tasks, and serve the category and status code tables.
import type { tasksOperations } from '../../../contract/service/tasks.ts';
import type { Db } from '../../database/db.ts';
import { notFound } from '../../http/errors.ts';
import { type Handlers, paged } from '../../http/handler.ts';
import { listTaskCategories, listTaskStatuses } from './codes.ts';
import { createTask, listTasks, type TaskRow, taskById, taskView, updateTask } from './tasks-repository.ts';

function requireTask(db: Db, id: string): TaskRow {
  const row = taskById(db, id);
  if (!row) throw notFound('task', id);
  return row;
}

export function tasksHandlers(): Handlers<{ tasks: typeof tasksOperations }>['tasks'] {
  return {
    create({ db, body, now, user }) {
      const id = createTask(db, body, { now, userId: user?.id ?? null });
      return taskView(db, requireTask(db, id));
    },
    list({ db, query, page }) {
      const { rows, total } = listTasks(db, query, page);
      return paged(
        rows.map((row) => taskView(db, row)),
        total,
      );
    },
    get({ db, params }) {
      return taskView(db, requireTask(db, params.task_id));
    },
    update({ db, params, body, now, user }) {
      const current = requireTask(db, params.task_id);
      updateTask(db, current, body, { now, userId: user?.id ?? null });
      return taskView(db, requireTask(db, current.id));
    },
    categories({ db }) {
      return listTaskCategories(db);
    },
    statuses({ db }) {
      return listTaskStatuses(db);
    },
  };
}
