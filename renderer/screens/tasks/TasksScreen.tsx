// Tasks: my tasks, the team queue, search; create and change tasks through the outbox, so they work offline too.
import { useCallback, useState } from 'react';
import { ListBody } from '../../widgets/ListBody.tsx';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { OutboxNote } from './OutboxNote.tsx';
import { ShortcutButton } from './ShortcutHint.tsx';
import { TaskDetail } from './TaskDetail.tsx';
import { TaskForm } from './TaskForm.tsx';
import { TaskList } from './TaskList.tsx';
import { TaskTabs } from './TaskTabs.tsx';
import { emptyTaskForm, valuesFromTask } from './task-form.ts';
import { applyBody, taskBefore } from './task-rows.ts';
import { taskShortcuts } from './task-shortcuts.ts';
import { useSelectedRow } from './use-selected-row.ts';
import { useTaskActions } from './use-task-actions.ts';
import { useTaskCommands } from './use-task-commands.ts';
import { type ListKind, useTaskList } from './use-task-list.ts';
import type { FormMode } from './use-task-save.ts';
import './tasks.css';
import { taskWords } from './wording.ts';

const listTitles: Record<ListKind, string> = taskWords.lists;

function emptyText(kind: ListKind, q: string): string {
  if (kind === 'mine') return taskWords.emptyMine;
  if (kind === 'queue') return taskWords.emptyQueue;
  return q ? taskWords.noMatch(q) : taskWords.typeToSearch;
}

export function TasksScreen({ taskId }: { taskId?: string }) {
  const [kind, setKind] = useState<ListKind>('mine');
  const [q, setQ] = useState('');
  const [form, setForm] = useState<FormMode | null>(null);
  const [formFocus, setFormFocus] = useState<'name' | 'status_code'>('name');
  const data = useTaskList(kind, q);
  const { selected, select } = useSelectedRow(data, taskId ?? null);
  const actions = useTaskActions(selected, data.me, data.naming);
  const statuses = data.statuses.data ?? [];
  const categories = data.categories.data ?? [];
  const { list } = data;

  const newTask = () => {
    setFormFocus('name');
    setForm({
      kind: 'create',
      initial: emptyTaskForm({ status_code: statuses[0]?.code ?? '', assignee: data.me?.id ?? '' }),
    });
  };
  const edit = (focus: 'name' | 'status_code' = 'name') => {
    if (!selected) return;
    setFormFocus(focus);
    const entry = actions.correctable;
    if (!entry) {
      setForm({ kind: 'edit', row: selected, initial: valuesFromTask(selected.task) });
    } else if (entry.kind === 'create') {
      const initial = valuesFromTask(selected.base);
      setForm({ kind: 'correct', row: selected, entry, before: initial, initial });
    } else {
      const before = taskBefore(selected, entry.id, data.naming);
      const initial = valuesFromTask(applyBody(before, entry.body, data.naming));
      setForm({ kind: 'correct', row: selected, entry, before: valuesFromTask(before), initial });
    }
  };
  const showList = useCallback((next: ListKind) => setKind(next), []);
  const search = useCallback((text: string) => {
    setQ(text);
    setKind('search');
  }, []);
  useTaskCommands({
    rows: data.rows,
    selected,
    actions,
    formOpen: form !== null,
    newTask,
    edit: () => edit(),
    changeStatus: () => edit('status_code'),
    showList,
    select,
  });

  // The team queue is read by status, so it waits for the statuses: their read is the list's first step.
  const read = kind === 'queue' && !data.statuses.data ? data.statuses : list;
  return (
    <main className="screen tasks-screen" aria-label={taskWords.title}>
      <div className="tasks-head">
        <h1>{taskWords.title}</h1>
        <ShortcutButton primary shortcut={taskShortcuts.newTask} onClick={newTask}>
          {taskWords.newTask}
        </ShortcutButton>
      </div>
      <TaskTabs kind={kind} q={q} onKind={showList} onSearch={search} />
      <StaleNote updatedAt={list.dataUpdatedAt} refreshFailed={list.isRefetchError} />
      <OutboxNote entries={data.outbox.data?.entries ?? []} />
      <div className="tasks-columns">
        <section className="tasks-list-column" aria-label={listTitles[kind]}>
          <h2 className="tasks-list-title">{listTitles[kind]}</h2>
          <ListBody
            read={read}
            what="tasks"
            count={data.rows.length}
            empty={<p className="muted task-empty">{emptyText(kind, q)}</p>}
          >
            <TaskList
              label={listTitles[kind]}
              rows={data.rows}
              selectedKey={selected?.key ?? null}
              statuses={data.statuses.data}
              onSelect={select}
            />
          </ListBody>
        </section>
        <div className="tasks-side-column">
          {form ? (
            <TaskForm
              key={form.kind === 'create' ? 'create' : `${form.kind}-${form.row.key}`}
              mode={form}
              focusField={formFocus}
              categories={categories}
              statuses={statuses}
              people={data.people}
              onSaved={(taskRef) => {
                setForm(null);
                select(taskRef);
              }}
              onClose={() => setForm(null)}
            />
          ) : selected ? (
            <TaskDetail
              row={selected}
              statuses={statuses}
              actions={actions}
              onEdit={() => edit()}
              onCorrect={() => edit()}
            />
          ) : (
            <p className="card muted task-panel">{taskWords.selectOne(taskShortcuts.newTask)}</p>
          )}
        </div>
      </div>
    </main>
  );
}
