// The task category and status code tables: seeded from the contract's lists, served to clients, looked up on writes.
import { taskCategories, taskStatuses } from '../../../contract/service/tasks.ts';
import type { Db } from '../../database/db.ts';
import { bool } from '../../database/records.ts';
import { badRequest } from '../../http/errors.ts';

// Type aliases, not interfaces: the handlers answer these rows as they are, and the contract's loose objects need an index signature.
export type TaskCategoryRow = { code: string; name: string };
export type TaskStatusRow = { code: string; name: string; is_final: number };

/** The status a task gets when the create names none (the real service's first status). */
export const DEFAULT_TASK_STATUS = 'NEW';

/**
 * Seeds (and renames) the code tables from the contract at every start. Codes are never deleted: stored tasks may
 * still name a code the contract dropped.
 */
export function ensureTaskCodes(db: Db): void {
  db.transaction(() => {
    for (const category of taskCategories) {
      db.run(
        'INSERT INTO task_categories (code, name) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET name = excluded.name',
        category.code,
        category.name,
      );
    }
    for (const status of taskStatuses) {
      db.run(
        'INSERT INTO task_statuses (code, name, is_final) VALUES (?, ?, ?) ON CONFLICT (code) DO UPDATE SET name = excluded.name, is_final = excluded.is_final',
        status.code,
        status.name,
        status.is_final ? 1 : 0,
      );
    }
  });
}

/** Categories in the order they were seeded (the contract's order). */
export function listTaskCategories(db: Db): TaskCategoryRow[] {
  return db.all<TaskCategoryRow>('SELECT code, name FROM task_categories ORDER BY rowid');
}

/** Statuses in the order they were seeded: the order a task usually moves through them. */
export function listTaskStatuses(db: Db) {
  return db
    .all<TaskStatusRow>('SELECT code, name, is_final FROM task_statuses ORDER BY rowid')
    .map((row) => ({ code: row.code, name: row.name, is_final: bool(row.is_final) }));
}

export function taskCategoryByCode(db: Db, code: string): TaskCategoryRow | undefined {
  return db.get<TaskCategoryRow>('SELECT code, name FROM task_categories WHERE code = ?', code);
}

export function taskStatusByCode(db: Db, code: string): TaskStatusRow | undefined {
  return db.get<TaskStatusRow>('SELECT code, name, is_final FROM task_statuses WHERE code = ?', code);
}

/** The category a request names, or a 400 that names the unknown code and where the valid ones are. */
export function requireTaskCategory(db: Db, code: string, field: string): TaskCategoryRow {
  const row = taskCategoryByCode(db, code);
  if (!row) throw unknownCode('category', code, field, '/api/v1/tasks/categories');
  return row;
}

/** The status a request names, or a 400 that names the unknown code and where the valid ones are. */
export function requireTaskStatus(db: Db, code: string, field: string): TaskStatusRow {
  const row = taskStatusByCode(db, code);
  if (!row) throw unknownCode('status', code, field, '/api/v1/tasks/statuses');
  return row;
}

function unknownCode(kind: string, code: string, field: string, listPath: string) {
  const message = `There is no task ${kind} ${JSON.stringify(code)}; GET ${listPath} lists the codes.`;
  return badRequest(message, [{ field, message: `unknown task ${kind} ${JSON.stringify(code)}` }]);
}
