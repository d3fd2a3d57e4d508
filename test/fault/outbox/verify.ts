// Counts lost and duplicated task writes against the service's own task table, after the trials and a final drain.
import { DatabaseSync } from 'node:sqlite';
import type { Ack } from './plan.ts';

export interface Tally {
  /** Tasks written to the outbox that the service lacks, or holds without their last write applied. */
  lost: number;
  /** Tasks the service holds more than once. */
  duplicated: number;
  /** Tasks checked: every create the outbox ever stored. */
  tasks: number;
  /** What went wrong, one line each (empty when nothing did). */
  problems: string[];
}

interface EntryRow {
  id: string;
  kind: string;
  task_key: string;
  body: string;
  state: string;
  task_id: string | null;
}

interface TaskRow {
  id: string;
  name: string;
  description: string | null;
  status_code: string;
}

function readAll<T>(file: string, sql: string): T[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const versionOf = (body: string): number => {
  const match = /^v(\d+)$/.exec(String((JSON.parse(body) as { description?: unknown }).description ?? ''));
  return match ? Number(match[1]) : 0;
};

/**
 * Expected, per task: the service holds it exactly once, with the description of its highest version queued and DONE
 * when a complete was queued (the plan only raises versions, so the last write of a task is its highest version).
 * Every acknowledged write must be in the outbox, and every stored write must be done.
 */
export function tally(input: { serviceDb: string; outboxDb: string; acks: readonly Ack[] }): Tally {
  const entries = readAll<EntryRow>(
    input.outboxDb,
    'SELECT id, kind, task_key, body, state, task_id FROM outbox_entries ORDER BY seq',
  );
  const tasks = readAll<TaskRow>(
    input.serviceDb,
    "SELECT id, name, description, status_code FROM tasks WHERE name LIKE 'fault-t%'",
  );
  const problems: string[] = [];
  const lostTasks = new Set<string>();
  const duplicatedTasks = new Set<string>();

  const stored = new Set(entries.map((e) => e.id));
  for (const ack of input.acks) {
    if (!stored.has(ack.id)) {
      problems.push(`acknowledged ${ack.kind} ${ack.id} is missing from the outbox`);
      lostTasks.add(ack.task);
    }
  }
  for (const entry of entries) {
    if (entry.state !== 'done') {
      problems.push(`${entry.kind} ${entry.id} ended ${entry.state}, not done`);
      lostTasks.add(entry.task_key);
    }
  }

  const byName = new Map<string, TaskRow[]>();
  for (const task of tasks) byName.set(task.name, [...(byName.get(task.name) ?? []), task]);
  const creates = entries.filter((e) => e.kind === 'create');
  const names = new Set<string>();
  for (const create of creates) {
    const name = String((JSON.parse(create.body) as { name: unknown }).name);
    names.add(name);
    const found = byName.get(name) ?? [];
    if (found.length === 0) {
      problems.push(`task ${name} is not in the service`);
      lostTasks.add(create.task_key);
      continue;
    }
    if (found.length > 1) {
      problems.push(`task ${name} is in the service ${found.length} times`);
      duplicatedTasks.add(create.task_key);
    }
    const task = found.find((t) => t.id === create.task_id) ?? (found[0] as TaskRow);
    const group = entries.filter((e) => e.task_key === create.task_key);
    const version = Math.max(0, ...group.filter((e) => e.kind === 'update').map((e) => versionOf(e.body)));
    const completed = group.some((e) => e.kind === 'complete');
    if (task.description !== `v${version}` || (task.status_code === 'DONE') !== completed) {
      problems.push(
        `task ${name} shows ${task.description}/${task.status_code}, expected v${version}/${completed ? 'DONE' : 'not DONE'}`,
      );
      lostTasks.add(create.task_key);
    }
  }
  for (const task of tasks) {
    if (!names.has(task.name)) {
      problems.push(`the service holds ${task.name}, which the outbox never stored`);
      duplicatedTasks.add(task.id);
    }
  }
  return { lost: lostTasks.size, duplicated: duplicatedTasks.size, tasks: creates.length, problems };
}
