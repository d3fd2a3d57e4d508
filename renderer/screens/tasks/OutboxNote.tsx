// Above the list: how many task changes are still on their way, and how many the service refused.
import { type OutboxEntryView, outboxSummary } from './task-rows.ts';

const changes = (n: number) => (n === 1 ? '1 task change' : `${n} task changes`);

export function OutboxNote({ entries }: { entries: readonly OutboxEntryView[] }) {
  const { waiting, failed } = outboxSummary(entries);
  if (waiting === 0 && failed === 0) return null;
  return (
    <div className="task-outbox-note" role="status">
      {waiting > 0 ? (
        <p className="notice notice-warn">
          {changes(waiting)} saved on this station, will send when online. Nothing else to do: they go by themselves.
        </p>
      ) : null}
      {failed > 0 ? (
        <p className="notice notice-bad">
          {changes(failed)} refused by the service. Select the task marked “Not saved” to correct, retry or discard it.
        </p>
      ) : null}
    </div>
  );
}
