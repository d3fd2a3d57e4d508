// The tasks screen's commands: in the Ctrl+K palette and on their keys while the screen is open.
import { type Command, useCommands } from '../../commands/command-store.ts';
import { openOrder, openPatient, openPrescription } from './TaskLinks.tsx';
import { TASK_SEARCH_ID } from './TaskTabs.tsx';
import type { TaskRow } from './task-rows.ts';
import { taskShortcuts as keys } from './task-shortcuts.ts';
import type { TaskActions } from './use-task-actions.ts';
import type { ListKind } from './use-task-list.ts';

/** Open what the task is about (its order, prescription or patient), each when the task names one. */
function linkCommands(task: Parameters<typeof openOrder>[0]): Command[] {
  const links = [
    { id: 'tasks.openOrder', title: 'Open the task’s order', key: keys.openOrder, on: task?.order_id, open: openOrder },
    {
      id: 'tasks.openPrescription',
      title: 'Open the task’s prescription',
      key: keys.openPrescription,
      on: task?.prescription_id,
      open: openPrescription,
    },
    {
      id: 'tasks.openPatient',
      title: 'Open the task’s patient',
      key: keys.openPatient,
      on: task?.patient_id,
      open: openPatient,
    },
  ];
  return links.map(({ id, title, key, on, open }) => ({
    id,
    title,
    group: 'Tasks',
    shortcut: key,
    enabled: Boolean(on),
    run: () => open(task),
  }));
}

interface TaskCommandDeps {
  rows: readonly TaskRow[];
  selected: TaskRow | null;
  actions: TaskActions;
  formOpen: boolean;
  newTask: () => void;
  edit: () => void;
  changeStatus: () => void;
  showList: (kind: ListKind) => void;
  select: (key: string) => void;
}

function focusById(id: string): void {
  const element = document.getElementById(id);
  if (element instanceof HTMLInputElement) element.select();
  element?.focus();
}

export function useTaskCommands({
  rows,
  selected,
  actions,
  formOpen,
  newTask,
  edit,
  changeStatus,
  showList,
  select,
}: TaskCommandDeps) {
  const task = selected?.task;
  const step = (by: number) => {
    if (rows.length === 0) return;
    const at = rows.findIndex((row) => row.key === selected?.key);
    const next = at === -1 ? (by > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + by));
    const row = rows[next];
    if (row) select(row.key);
  };
  const on = selected !== null && !formOpen;
  const commands: Command[] = [
    {
      id: 'tasks.new',
      title: 'New task',
      group: 'Tasks',
      shortcut: keys.newTask,
      keywords: 'create add',
      run: newTask,
    },
    { id: 'tasks.mine', title: 'Show my tasks', group: 'Tasks', shortcut: keys.mine, run: () => showList('mine') },
    {
      id: 'tasks.queue',
      title: 'Show the team queue',
      group: 'Tasks',
      shortcut: keys.queue,
      keywords: 'open all',
      run: () => showList('queue'),
    },
    {
      id: 'tasks.search',
      title: 'Search tasks',
      group: 'Tasks',
      shortcut: keys.search,
      keywords: 'find',
      run: () => {
        showList('search');
        focusById(TASK_SEARCH_ID);
      },
    },
    {
      id: 'tasks.next',
      title: 'Next task in the list',
      group: 'Tasks',
      shortcut: keys.next,
      enabled: rows.length > 0,
      run: () => step(1),
    },
    {
      id: 'tasks.previous',
      title: 'Previous task in the list',
      group: 'Tasks',
      shortcut: keys.previous,
      enabled: rows.length > 0,
      run: () => step(-1),
    },
    {
      id: 'tasks.edit',
      title: actions.correctable ? 'Correct the refused change' : 'Edit the task',
      group: 'Tasks',
      shortcut: keys.edit,
      enabled: on,
      run: edit,
    },
    {
      id: 'tasks.status',
      title: 'Change the task’s status',
      group: 'Tasks',
      shortcut: keys.status,
      enabled: on,
      run: changeStatus,
    },
    {
      id: 'tasks.complete',
      title: 'Complete the task',
      group: 'Tasks',
      shortcut: keys.complete,
      keywords: 'done finish',
      enabled: on && !actions.final,
      run: actions.complete,
    },
    {
      id: 'tasks.assignToMe',
      title: 'Assign the task to me',
      group: 'Tasks',
      shortcut: keys.assignToMe,
      keywords: 'take',
      enabled: on && actions.canAssignToMe,
      run: actions.assignToMe,
    },
    {
      id: 'tasks.watch',
      title: actions.watching ? 'Stop watching the task' : 'Watch the task',
      group: 'Tasks',
      shortcut: keys.watch,
      enabled: on,
      run: actions.toggleWatch,
    },
    ...linkCommands(task),
    {
      id: 'tasks.retry',
      title: 'Send the refused change again',
      group: 'Tasks',
      shortcut: keys.retry,
      enabled: actions.failed !== null,
      run: () => actions.retry(),
    },
    {
      id: 'tasks.discard',
      title: 'Discard the change not yet saved',
      group: 'Tasks',
      shortcut: keys.discard,
      enabled: actions.discardable !== null,
      run: () => actions.discard(),
    },
  ];
  useCommands(commands);
}
