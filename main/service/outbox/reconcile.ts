// Reconciling an update whose outcome is unknown: does the service's task already show every field the update sets?
import type { Task } from '../../../contract/service/tasks.ts';

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

/** The value the task shows for one field of an update body, in the body's terms (ids, null for "none"). */
function shown(task: Task, field: string): unknown {
  switch (field) {
    case 'assignee':
      return task.assignee_id ?? idOf(task.assignee) ?? null;
    case 'watchers':
      return (task.watchers ?? [])
        .map((w) => w.id)
        .sort()
        .join(',');
    default:
      return (task as Record<string, unknown>)[field] ?? null;
  }
}

function wanted(field: string, value: unknown): unknown {
  if (field === 'watchers') {
    return (Array.isArray(value) ? value : [])
      .map(idOf)
      .filter((id): id is string => id !== null)
      .sort()
      .join(',');
  }
  return value ?? null;
}

/**
 * True when the task already holds every value the update sets: then the update applied (or the task reached the
 * same state another way) and sending it again would only risk overwriting a later change by someone else.
 */
export function updateAlreadyApplied(task: Task, body: Record<string, unknown>): boolean {
  const fields = Object.keys(body);
  if (fields.length === 0) return false;
  return fields.every((field) => shown(task, field) === wanted(field, body[field]));
}
