// Whether a task's writes have reached the service: nothing when they have, "Pending" while queued, "Not saved" when refused.
import type { TaskRow } from './task-rows.ts';

export function SyncMark({ row }: { row: TaskRow }) {
  if (row.sync === 'synced') return null;
  if (row.sync === 'failed') return <span className="task-sync task-sync-failed">Not saved</span>;
  const creating = row.writes.some((entry) => entry.kind === 'create');
  return <span className="task-sync task-sync-pending">{creating ? 'Pending: not sent yet' : 'Pending change'}</span>;
}

/** One write's progress in words, for the detail panel. */
export function writeState(entry: TaskRow['writes'][number]): string {
  if (entry.state === 'sending') return 'Sending now';
  if (entry.state === 'failed') return `Refused: ${entry.problem?.message ?? 'the service gave no reason'}`;
  if (entry.blockedBy) return 'Waiting behind a refused change to this task';
  if (entry.problem) return 'Waiting for the service to answer; it is sent as soon as it does';
  return 'Waiting to be sent';
}

export const writeKinds: Record<TaskRow['writes'][number]['kind'], string> = {
  create: 'New task',
  update: 'Change',
  complete: 'Completion',
};
