// The rows a task list shows: the tasks read from the service with the outbox's writes not yet applied laid over them.
import type { z } from 'zod';
import type { outboxEntry } from '../../../contract/ipc/outbox.ts';
import type { Task, TaskCategory, TaskStatus } from '../../../contract/service/tasks.ts';
import type { Person } from './people.ts';
import { codeName, isFinalStatus } from './task-format.ts';

export type OutboxEntryView = z.infer<typeof outboxEntry>;

/** How far a row's writes have got: all applied, some waiting their turn, or one refused and held for a person. */
export type RowSync = 'synced' | 'pending' | 'failed';

export interface TaskRow {
  /** The service's task id, or the placeholder (the create's outbox id) of a task created but not yet sent. */
  key: string;
  /** What a new write names the task by: the same as key. */
  taskRef: string;
  /** The service's id, once known. */
  taskId: string | null;
  /** The task as it will be once its waiting writes are applied. */
  task: Task;
  /** The task as read from the service (or as its create asked), before the waiting updates. */
  base: Task;
  /** Its writes not yet applied, in queue order. */
  writes: OutboxEntryView[];
  sync: RowSync;
}

/** Which list the rows are for; `any` takes every task created here (one task shown on its own). */
export type TaskListView =
  | { kind: 'mine'; userId: string | null }
  | { kind: 'queue' }
  | { kind: 'search'; q: string }
  | { kind: 'any' };

/** What names codes and people when a write is laid over a task. */
export interface NamingContext {
  statuses: readonly TaskStatus[] | undefined;
  categories: readonly TaskCategory[] | undefined;
  people: readonly Person[];
}

export interface RowContext extends NamingContext {
  view: TaskListView;
  /** When the task list was read (ms since epoch): a create applied after that is not in it yet. */
  listReadAt: number;
}

const waiting = (entry: OutboxEntryView) => entry.state !== 'done';

/** Each placeholder whose create reached the service, mapped to the task id the service gave it. */
function placeholderIds(entries: readonly OutboxEntryView[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const entry of entries) if (entry.kind === 'create' && entry.taskId) ids.set(entry.id, entry.taskId);
  return ids;
}

/** Which task an entry writes to, by the service's id when known. */
export function entryTaskKey(entry: OutboxEntryView, placeholders: Map<string, string>): string {
  if (entry.kind === 'create') return entry.taskId ?? entry.id;
  return entry.taskId ?? placeholders.get(entry.taskRef) ?? entry.taskRef;
}

function personFor(id: unknown, people: readonly Person[]) {
  if (typeof id !== 'string') return null;
  const person = people.find((candidate) => candidate.id === id);
  const [first, ...rest] = (person?.name ?? '').split(' ');
  return { id, first_name: person ? (first ?? null) : null, last_name: person ? rest.join(' ') : null, role: null };
}

/** A write's body laid over a task: only the fields it names change; null clears. */
export function applyBody(task: Task, body: Record<string, unknown>, context: NamingContext): Task {
  const next: Task = { ...task };
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : null);
  if ('name' in body) next.name = text('name');
  if ('description' in body) next.description = text('description');
  if ('status_code' in body) {
    next.status_code = text('status_code');
    next.status_name = codeName(next.status_code, context.statuses) || null;
  }
  if ('category_code' in body) {
    next.category_code = text('category_code');
    next.category_name = codeName(next.category_code, context.categories) || null;
  }
  if ('assignee' in body) {
    next.assignee = personFor(body.assignee, context.people);
    next.assignee_id = text('assignee');
  }
  if (Array.isArray(body.watchers)) {
    next.watchers = body.watchers.flatMap((watcher) => {
      const person = personFor((watcher as { id?: unknown } | null)?.id, context.people);
      return person ? [person] : [];
    });
  }
  for (const link of ['order_id', 'patient_id', 'prescription_id'] as const) if (link in body) next[link] = text(link);
  return next;
}

/** A task made from a create's body, for a create the service has not answered yet. */
function taskFromCreate(entry: OutboxEntryView, context: RowContext): Task {
  const blank: Task = { id: entry.id, created_at: entry.createdAt, updated_at: entry.updatedAt, watchers: [] };
  const task = applyBody(blank, entry.body, context);
  if (!task.status_code) {
    // The service starts a task at its first status unless told otherwise.
    const first = context.statuses?.[0];
    task.status_code = first?.code ?? null;
    task.status_name = first?.name ?? null;
  }
  return task;
}

function syncOf(writes: readonly OutboxEntryView[]): RowSync {
  if (writes.some((entry) => entry.state === 'failed')) return 'failed';
  return writes.length > 0 ? 'pending' : 'synced';
}

/** Whether a task created on this station belongs in the list being shown. */
function belongsInView(task: Task, context: RowContext): boolean {
  const { view } = context;
  if (view.kind === 'any') return true;
  if (view.kind === 'mine') return view.userId !== null && task.assignee_id === view.userId;
  if (view.kind === 'queue') return !isFinalStatus(task.status_code, context.statuses);
  const q = view.q.trim().toLowerCase();
  return q !== '' && `${task.name ?? ''}\n${task.description ?? ''}`.toLowerCase().includes(q);
}

/**
 * The list as a person should see it: tasks created here and not yet sent first (newest first), then the tasks read
 * from the service, each with its waiting writes applied and marked pending or failed. A create that reached the
 * service after the list was read stays as a synced row until the next read brings the task itself.
 */
export function buildTaskRows(
  tasks: readonly Task[],
  entries: readonly OutboxEntryView[],
  context: RowContext,
): TaskRow[] {
  const placeholders = placeholderIds(entries);
  const writesByTask = new Map<string, OutboxEntryView[]>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (!waiting(entry) || entry.kind === 'create') continue;
    const key = entryTaskKey(entry, placeholders);
    writesByTask.set(key, [...(writesByTask.get(key) ?? []), entry]);
  }
  const listed = new Set(tasks.map((task) => task.id));
  const rowFor = (key: string, taskRef: string, taskId: string | null, base: Task, own: OutboxEntryView[]) => {
    const writes = [...own, ...(writesByTask.get(key) ?? []), ...(writesByTask.get(taskRef) ?? [])];
    const unique = [...new Map(writes.map((entry) => [entry.id, entry])).values()];
    const task = unique.reduce((current, entry) => applyBody(current, entry.body, context), base);
    return { key, taskRef, taskId, task, base, writes: unique, sync: syncOf(unique) } satisfies TaskRow;
  };

  const created: TaskRow[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'create') continue;
    const applied = entry.state === 'done';
    // Applied and already in the list: the service's own row shows it.
    if (applied && (entry.taskId === null || listed.has(entry.taskId))) continue;
    if (applied && Date.parse(entry.updatedAt) <= context.listReadAt) continue;
    const key = entry.taskId ?? entry.id;
    const row = rowFor(
      key,
      applied ? key : entry.id,
      entry.taskId,
      taskFromCreate(entry, context),
      applied ? [] : [entry],
    );
    if (belongsInView(row.task, context)) created.push(row);
  }
  created.sort((a, b) => Date.parse(b.task.created_at ?? '') - Date.parse(a.task.created_at ?? ''));

  const read = tasks.map((task) => rowFor(task.id, task.id, task.id, task, []));
  return [...created, ...read];
}

/** The task as it was before one of its waiting writes: what a correction of that write is measured against. */
export function taskBefore(row: TaskRow, entryId: string, context: NamingContext): Task {
  let task = row.base;
  for (const entry of row.writes) {
    if (entry.id === entryId) break;
    if (entry.kind !== 'create') task = applyBody(task, entry.body, context);
  }
  return task;
}

/** The counts a person needs above the list: writes waiting and writes refused. */
export function outboxSummary(entries: readonly OutboxEntryView[]): { waiting: number; failed: number } {
  let waitingCount = 0;
  let failed = 0;
  for (const entry of entries) {
    if (entry.state === 'failed') failed += 1;
    else if (entry.state !== 'done') waitingCount += 1;
  }
  return { waiting: waitingCount, failed };
}
