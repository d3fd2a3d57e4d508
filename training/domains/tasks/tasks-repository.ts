// Tasks in the database: create and update with every reference checked, the answer shape, and the filtered, paged list.
import type { z } from 'zod';
import type { taskCreateBody, taskUpdateBody } from '../../../contract/service/tasks.ts';
import { type UserRow, userById, userSummary } from '../../auth/users.ts';
import type { Db, SqlValue } from '../../database/db.ts';
import { newId } from '../../database/records.ts';
import {
  DEFAULT_TASK_STATUS,
  requireTaskCategory,
  requireTaskStatus,
  taskCategoryByCode,
  taskStatusByCode,
} from './codes.ts';
import { requireAssignee, requireLink, requireWatchers, taskLinks } from './references.ts';

export type TaskCreateInput = z.output<typeof taskCreateBody>;
export type TaskUpdateInput = z.output<typeof taskUpdateBody>;

/** Who writes and when: the service clock and the signed-in user (the demo generator passes its own). */
export interface TaskWriteContext {
  now: Date;
  userId: string | null;
}

export interface TaskRow {
  id: string;
  name: string;
  description: string | null;
  category_code: string;
  status_code: string;
  assignee_id: string | null;
  created_by_id: string | null;
  order_id: string | null;
  patient_id: string | null;
  prescription_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface TaskFilters {
  status_code?: string | undefined;
  assignee_id?: string | undefined;
  category_code?: string | undefined;
}

/**
 * Creates a task after checking its codes, people and links (any failure throws an HttpError and writes nothing);
 * answers the new id. A task created straight into a final status is completed now.
 */
export function createTask(db: Db, body: TaskCreateInput, ctx: TaskWriteContext): string {
  return db.transaction(() => {
    const category = requireTaskCategory(db, body.category_code, 'body.category_code');
    const status = requireTaskStatus(db, body.status_code ?? DEFAULT_TASK_STATUS, 'body.status_code');
    const assigneeId = body.assignee === undefined ? null : requireAssignee(db, body.assignee).id;
    const watcherIds = requireWatchers(db, body.watchers ?? []);
    const links = Object.fromEntries(
      taskLinks.map((link) => {
        const value = body[link];
        return [link, value === undefined ? null : requireLink(db, link, value)];
      }),
    );
    const id = newId();
    const at = ctx.now.toISOString();
    db.run(
      `INSERT INTO tasks (id, name, description, category_code, status_code, assignee_id, created_by_id, order_id,
         patient_id, prescription_id, created_at, updated_at, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      body.name,
      body.description ?? null,
      category.code,
      status.code,
      assigneeId,
      ctx.userId,
      links.order_id ?? null,
      links.patient_id ?? null,
      links.prescription_id ?? null,
      at,
      at,
      status.is_final === 1 ? at : null,
    );
    replaceWatchers(db, id, watcherIds);
    return id;
  });
}

/**
 * Applies a partial update: only the fields sent change; null clears the assignee, the description or a link;
 * watchers are replaced. Moving into a final status completes the task now, moving out of it clears completed_at.
 */
export function updateTask(db: Db, current: TaskRow, body: TaskUpdateInput, ctx: TaskWriteContext): void {
  db.transaction(() => {
    const next: TaskRow = { ...current, updated_at: ctx.now.toISOString() };
    if (body.name !== undefined) next.name = body.name;
    if (body.description !== undefined) next.description = body.description;
    if (body.status_code !== undefined && body.status_code !== current.status_code) {
      const status = requireTaskStatus(db, body.status_code, 'body.status_code');
      next.status_code = status.code;
      next.completed_at = status.is_final === 1 ? next.updated_at : null;
    }
    if (body.assignee !== undefined)
      next.assignee_id = body.assignee === null ? null : requireAssignee(db, body.assignee).id;
    for (const link of taskLinks) {
      const value = body[link];
      if (value !== undefined) next[link] = value === null ? null : requireLink(db, link, value);
    }
    const watcherIds = body.watchers === undefined ? null : requireWatchers(db, body.watchers);
    db.run(
      `UPDATE tasks SET name = ?, description = ?, status_code = ?, assignee_id = ?, order_id = ?, patient_id = ?,
         prescription_id = ?, updated_at = ?, completed_at = ? WHERE id = ?`,
      next.name,
      next.description,
      next.status_code,
      next.assignee_id,
      next.order_id,
      next.patient_id,
      next.prescription_id,
      next.updated_at,
      next.completed_at,
      current.id,
    );
    if (watcherIds) replaceWatchers(db, current.id, watcherIds);
  });
}

function replaceWatchers(db: Db, taskId: string, userIds: readonly string[]): void {
  db.run('DELETE FROM task_watchers WHERE task_id = ?', taskId);
  for (const userId of userIds) db.run('INSERT INTO task_watchers (task_id, user_id) VALUES (?, ?)', taskId, userId);
}

export function taskById(db: Db, id: string): TaskRow | undefined {
  return db.get<TaskRow>('SELECT * FROM tasks WHERE id = ?', id.toLowerCase());
}

/** A task as the contract answers it: code names, the assignee and watchers as short user summaries. */
export function taskView(db: Db, row: TaskRow) {
  const assignee = row.assignee_id ? userById(db, row.assignee_id) : undefined;
  const watchers = db.all<Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'role'>>(
    `SELECT u.id, u.first_name, u.last_name, u.role FROM task_watchers w JOIN users u ON u.id = w.user_id
     WHERE w.task_id = ? ORDER BY w.rowid`,
    row.id,
  );
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    name: row.name,
    description: row.description,
    category_code: row.category_code,
    category_name: taskCategoryByCode(db, row.category_code)?.name ?? null,
    status_code: row.status_code,
    status_name: taskStatusByCode(db, row.status_code)?.name ?? null,
    assignee: assignee ? userSummary(assignee) : null,
    assignee_id: row.assignee_id,
    created_by_id: row.created_by_id,
    completed_at: row.completed_at,
    order_id: row.order_id,
    patient_id: row.patient_id,
    prescription_id: row.prescription_id,
    watchers: watchers.map(userSummary),
  };
}

/** One page of tasks, newest first (ties in the order they were created, newest first), and the total that match. */
export function listTasks(db: Db, filters: TaskFilters, page: { pageSize: number; offset: number }) {
  const clauses: string[] = [];
  const args: SqlValue[] = [];
  // Only these fixed fragments enter the SQL; the values are always bound.
  if (filters.status_code !== undefined) {
    clauses.push('status_code = ?');
    args.push(requireTaskStatus(db, filters.status_code, 'query.status_code').code);
  }
  if (filters.category_code !== undefined) {
    clauses.push('category_code = ?');
    args.push(requireTaskCategory(db, filters.category_code, 'query.category_code').code);
  }
  if (filters.assignee_id !== undefined) {
    clauses.push('assignee_id = ?');
    args.push(filters.assignee_id.toLowerCase());
  }
  const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM tasks ${where}`, ...args)?.n ?? 0;
  const rows = db.all<TaskRow>(
    `SELECT * FROM tasks ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ...args,
    page.pageSize,
    page.offset,
  );
  return { rows, total };
}
