// The selected task: its facts, its links (order, prescription, patient), what can be done to it, and its writes
// still on their way to the service.
import type { TaskStatus } from '../../../contract/service/tasks.ts';
import { PendingWrites } from './PendingWrites.tsx';
import { personName } from './people.ts';
import { ShortcutButton, ShortcutHint } from './ShortcutHint.tsx';
import { SyncMark } from './SyncMark.tsx';
import { TaskLinks } from './TaskLinks.tsx';
import { taskTime } from './task-format.ts';
import type { TaskRow } from './task-rows.ts';
import { taskShortcuts } from './task-shortcuts.ts';
import type { TaskActions } from './use-task-actions.ts';
import { taskWords } from './wording.ts';

interface TaskDetailProps {
  row: TaskRow;
  statuses: readonly TaskStatus[];
  actions: TaskActions;
  onEdit: () => void;
  onCorrect: () => void;
}

export function TaskDetail({ row, statuses, actions, onEdit, onCorrect }: TaskDetailProps) {
  const { task } = row;
  const watchers = task.watchers ?? [];
  return (
    <section className="card task-panel" aria-label={taskWords.detail.label}>
      <div className="task-detail-head">
        <h2>{task.name || taskWords.detail.untitled}</h2>
        <SyncMark row={row} />
      </div>
      <fieldset className="task-status-choice">
        <legend>
          {taskWords.detail.status} <ShortcutHint shortcut={taskShortcuts.status} />
        </legend>
        {statuses.map((status) => {
          const current = status.code === task.status_code;
          return (
            <button
              key={status.code}
              type="button"
              className={current ? 'button task-status-button task-status-current' : 'button task-status-button'}
              aria-pressed={current}
              onClick={() => actions.setStatus(status.code)}
            >
              {status.name ?? status.code}
            </button>
          );
        })}
      </fieldset>
      <dl className="task-facts">
        <dt>{taskWords.detail.category}</dt>
        <dd>{task.category_name ?? task.category_code ?? taskWords.detail.noCategory}</dd>
        <dt>{taskWords.detail.assignee}</dt>
        <dd>{task.assignee ? personName(task.assignee) : taskWords.detail.nobodyYet}</dd>
        <dt>{taskWords.detail.watchers}</dt>
        <dd>{watchers.length > 0 ? watchers.map(personName).join(', ') : taskWords.detail.nobody}</dd>
        <dt>{taskWords.detail.created}</dt>
        <dd>{taskTime(task.created_at)}</dd>
        {task.completed_at ? (
          <>
            <dt>{taskWords.detail.completed}</dt>
            <dd>{taskTime(task.completed_at)}</dd>
          </>
        ) : null}
      </dl>
      {task.description ? <p className="task-description">{task.description}</p> : null}
      <TaskLinks task={task} />
      <div className="row task-actions">
        {actions.correctable ? null : (
          <ShortcutButton shortcut={taskShortcuts.edit} onClick={onEdit}>
            {taskWords.detail.edit}
          </ShortcutButton>
        )}
        <ShortcutButton shortcut={taskShortcuts.complete} onClick={actions.complete} disabled={actions.final}>
          {taskWords.detail.complete}
        </ShortcutButton>
        <ShortcutButton
          shortcut={taskShortcuts.assignToMe}
          onClick={actions.assignToMe}
          disabled={!actions.canAssignToMe}
        >
          {taskWords.detail.assignToMe}
        </ShortcutButton>
        <ShortcutButton shortcut={taskShortcuts.watch} onClick={actions.toggleWatch}>
          {actions.watching ? taskWords.detail.stopWatching : taskWords.detail.watch}
        </ShortcutButton>
      </div>
      {actions.error ? (
        <p className="notice notice-bad" role="alert">
          {actions.error}
        </p>
      ) : null}
      <PendingWrites row={row} actions={actions} onCorrect={onCorrect} />
    </section>
  );
}
