// Above the list: how many task changes are still on their way, and how many the service refused.
import { type OutboxEntryView, outboxSummary } from './task-rows.ts';
import { taskWords } from './wording.ts';

const changes = taskWords.outbox.changes;

export function OutboxNote({ entries }: { entries: readonly OutboxEntryView[] }) {
  const { waiting, failed } = outboxSummary(entries);
  if (waiting === 0 && failed === 0) return null;
  return (
    <div className="task-outbox-note" role="status">
      {waiting > 0 ? (
        <p className="notice notice-warn">
          {changes(waiting)}
          {taskWords.outbox.waiting}
        </p>
      ) : null}
      {failed > 0 ? (
        <p className="notice notice-bad">
          {changes(failed)}
          {taskWords.outbox.refused}
        </p>
      ) : null}
    </div>
  );
}
