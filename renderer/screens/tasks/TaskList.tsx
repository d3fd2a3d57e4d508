// The list of tasks in view: one row each, the selected one marked, writes not yet applied marked pending or refused.
import { useEffect, useRef } from 'react';
import type { TaskStatus } from '../../../contract/service/tasks.ts';
import { serviceName } from '../../../rules/words/person-name.ts';
import { useOrder } from '../../queries/orders.ts';
import { usePatient } from '../../queries/patients.ts';
import { personName } from './people.ts';
import { SyncMark } from './SyncMark.tsx';
import { codeName, isFinalStatus, taskTime } from './task-format.ts';
import type { TaskRow } from './task-rows.ts';
import { taskWords } from './wording.ts';

interface TaskListProps {
  label: string;
  rows: readonly TaskRow[];
  selectedKey: string | null;
  statuses: readonly TaskStatus[] | undefined;
  onSelect: (key: string) => void;
}

/**
 * The task's patient by name: its linked patient, else its order's (read once and cached, as the task's own links
 * read them); nothing while unknown.
 */
function RowPatient({ task }: { task: TaskRow['task'] }) {
  const patient = usePatient(task.patient_id ?? null);
  const order = useOrder(task.patient_id ? null : (task.order_id ?? null));
  const name = serviceName(task.patient_id ? patient.data : order.data?.patient);
  return name ? <span className="task-row-patient">{taskWords.row.patient(name)}</span> : null;
}

/** The rows; the empty state and a failed read are ListBody's (an empty state only after a successful read). */
export function TaskList({ label, rows, selectedKey, statuses, onSelect }: TaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Alt+ArrowDown/Up move the selection: keep the selected task in sight.
  useEffect(() => {
    if (!selectedKey) return;
    const selected = listRef.current?.querySelector(`[data-task-key="${CSS.escape(selectedKey)}"]`);
    selected?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey]);
  return (
    <ul ref={listRef} className="task-list" aria-label={label}>
      {rows.map((row) => {
        const { task } = row;
        const selected = row.key === selectedKey;
        const final = isFinalStatus(task.status_code, statuses);
        return (
          <li key={row.key}>
            <button
              type="button"
              className={`task-row${selected ? ' task-row-selected' : ''}${final ? ' task-row-final' : ''}`}
              aria-current={selected ? 'true' : undefined}
              data-task-key={row.key}
              onClick={() => onSelect(row.key)}
            >
              <span className="task-row-head">
                <span className="task-row-name">{task.name || taskWords.detail.untitled}</span>
                <SyncMark row={row} />
              </span>
              <span className="task-row-facts">
                <span className="status-pill task-status">
                  {task.status_name || codeName(task.status_code, statuses) || taskWords.row.noStatus}
                </span>
                <RowPatient task={task} />
                <span>{task.category_name ?? task.category_code ?? taskWords.row.noCategory}</span>
                <span>{task.assignee ? personName(task.assignee) : taskWords.row.unassigned}</span>
                <span className="task-row-when">{taskTime(task.created_at)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
