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
  if (entry.problem) return 'Saved on this station, will send when online: the service has not answered yet';
  return 'Saved on this station, will send when online';
}

const LINK_WORDS: Record<string, string> = {
  order_id: 'order',
  patient_id: 'patient',
  prescription_id: 'prescription',
};

/** "Linked order 1000185, as typed: looked up when it is sent", for links typed while offline. */
export function referenceWords(entry: TaskRow['writes'][number]): string | null {
  const refs = Object.entries(entry.references ?? {});
  if (refs.length === 0) return null;
  const named = refs.map(([link, typed]) => `${LINK_WORDS[link] ?? link} ${typed}`).join(', ');
  return `Linked ${named}, as typed: looked up when it is sent.`;
}

export const writeKinds: Record<TaskRow['writes'][number]['kind'], string> = {
  create: 'New task',
  update: 'Change',
  complete: 'Completion',
};
