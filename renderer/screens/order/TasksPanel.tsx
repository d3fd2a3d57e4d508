// The tasks that name this order; each opens in the tasks screen.

import type { ReactNode } from 'react';
import { LINKED_TASKS_SCAN_LIMIT } from '../../../contract/ipc/order-tasks.ts';
import type { Task } from '../../../contract/service/tasks.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { formatCount } from '../../format/record-values.ts';
import { formatDateTime } from '../../format/service-values.ts';
import type { useLinkedTasks } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { navigate } from '../../state/navigation-store.ts';
import { KeyHint, Panel, PanelNote } from './Panel.tsx';
import { orderWords } from './wording.ts';

export const LINKED_TASK_SHORTCUT = 'Alt+T';

function TaskLine({ task, first }: { task: Task; first: boolean }) {
  const assignee = task.assignee ? personName(task.assignee.first_name, task.assignee.last_name) : null;
  const created = formatDateTime(task.created_at);
  return (
    <li className="order-task">
      <button
        type="button"
        className="button order-link"
        onClick={() => navigate({ screen: 'tasks', taskId: task.id })}
        aria-keyshortcuts={first ? LINKED_TASK_SHORTCUT : undefined}
      >
        {task.name ?? orderWords.tasks.untitled}
        {first ? <KeyHint shortcut={LINKED_TASK_SHORTCUT} /> : null}
      </button>
      <span className="muted">
        {[
          task.status_name ?? task.status_code,
          task.category_name,
          assignee ? orderWords.tasks.for(assignee) : orderWords.tasks.unassigned,
          created,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </li>
  );
}

export function TasksPanel({ linked }: { linked: ReturnType<typeof useLinkedTasks> }) {
  let body: ReactNode;
  if (linked.isPending) body = <PanelNote>{orderWords.tasks.looking}</PanelNote>;
  else if (!linked.data) body = <PanelNote failed>{orderWords.tasks.notRead(messageOf(linked.error))}</PanelNote>;
  else {
    const { tasks, complete } = linked.data;
    body = (
      <>
        {tasks.length === 0 ? (
          <PanelNote>{orderWords.tasks.none}</PanelNote>
        ) : (
          <ul className="order-tasks">
            {tasks.map((task, index) => (
              <TaskLine key={task.id} task={task} first={index === 0} />
            ))}
          </ul>
        )}
        {complete ? null : <PanelNote>{orderWords.tasks.onlyNewest(formatCount(LINKED_TASKS_SCAN_LIMIT))}</PanelNote>}
      </>
    );
  }
  return (
    <Panel id="order-tasks" title={orderWords.tasks.title}>
      {body}
    </Panel>
  );
}
