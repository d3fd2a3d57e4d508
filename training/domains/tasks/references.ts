// Checks that the people and records a task points at exist, so a task never names a user, order, patient or prescription that is not there.
import { type UserRow, userById } from '../../auth/users.ts';
import type { Db } from '../../database/db.ts';
import { badRequest, notFound } from '../../http/errors.ts';

/** The assignee a request names: an unknown id is a 404, an inactive user a 400 (nobody works their tasks). */
export function requireAssignee(db: Db, userId: string): UserRow {
  const user = userById(db, userId.toLowerCase());
  if (!user) throw notFound('user to assign', userId);
  if (user.is_active !== 1) {
    throw badRequest(`${user.first_name} ${user.last_name} is not an active user and cannot be assigned a task.`, [
      { field: 'body.assignee', message: 'inactive user' },
    ]);
  }
  return user;
}

/**
 * The watcher ids of a request, each once and in the order given. Any unknown or inactive user refuses the whole list
 * with a 400 that names every offending entry, so the caller fixes them all at once.
 */
export function requireWatchers(db: Db, watchers: readonly { id: string }[]): string[] {
  const ids = [...new Set(watchers.map((w) => w.id.toLowerCase()))];
  const problems: { field: string; message: string }[] = [];
  ids.forEach((id, index) => {
    const user = userById(db, id);
    if (!user) problems.push({ field: `body.watchers.${index}.id`, message: `no user with identifier ${id}` });
    else if (user.is_active !== 1)
      problems.push({ field: `body.watchers.${index}.id`, message: `user ${id} is inactive` });
  });
  const first = problems[0];
  if (first) throw badRequest(`Every watcher must be an active user: ${first.message}.`, problems);
  return ids;
}

const linkTables = {
  order_id: { table: 'orders', what: 'order' },
  patient_id: { table: 'patients', what: 'patient' },
  prescription_id: { table: 'prescriptions', what: 'prescription' },
} as const;

export type TaskLink = keyof typeof linkTables;
export const taskLinks = Object.keys(linkTables) as TaskLink[];

/** A linked record must exist: an unknown order, patient or prescription is a 404 naming it. */
export function requireLink(db: Db, link: TaskLink, id: string): string {
  const { table, what } = linkTables[link];
  // The table name comes from the fixed map above, never from the request.
  const row = db.get<{ id: string }>(`SELECT id FROM ${table} WHERE id = ?`, id.toLowerCase());
  if (!row) throw notFound(what, id);
  return row.id;
}
