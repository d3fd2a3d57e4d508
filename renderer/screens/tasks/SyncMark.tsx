// Whether a task's writes have reached the service: nothing when they have, "Pending" while queued, "Not saved" when refused.
import type { TaskRow } from './task-rows.ts';
import { taskWords } from './wording.ts';

export function SyncMark({ row }: { row: TaskRow }) {
  if (row.sync === 'synced') return null;
  if (row.sync === 'failed') return <span className="task-sync task-sync-failed">{taskWords.sync.notSaved}</span>;
  const creating = row.writes.some((entry) => entry.kind === 'create');
  return (
    <span className="task-sync task-sync-pending">
      {creating ? taskWords.sync.pendingNew : taskWords.sync.pendingChange}
    </span>
  );
}

/** One write's progress in words, for the detail panel. */
export function writeState(entry: TaskRow['writes'][number]): string {
  if (entry.state === 'sending') return taskWords.sync.sending;
  if (entry.state === 'failed') return taskWords.sync.refused(entry.problem?.message);
  if (entry.blockedBy) return taskWords.sync.blocked;
  if (entry.problem) return taskWords.sync.noAnswerYet;
  return taskWords.sync.waiting;
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
  return taskWords.sync.linkedAsTyped(named);
}

export const writeKinds: Record<TaskRow['writes'][number]['kind'], string> = taskWords.sync.kinds;
