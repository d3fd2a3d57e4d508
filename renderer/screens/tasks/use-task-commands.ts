// The tasks screen's commands: in the Ctrl+K palette and on their keys while the screen is open.
import { type Command, useCommands } from '../../commands/command-store.ts';
import { openOrder, openPatient, openPrescription } from './TaskLinks.tsx';
import { TASK_SEARCH_ID } from './TaskTabs.tsx';
import type { TaskRow } from './task-rows.ts';
import { taskShortcuts as keys } from './task-shortcuts.ts';
import type { TaskActions } from './use-task-actions.ts';
import type { ListKind } from './use-task-list.ts';
import { taskWords } from './wording.ts';

/** Open what the task is about (its order, prescription or patient), each when the task names one. */
function linkCommands(task: Parameters<typeof openOrder>[0]): Command[] {
  const links = [
    {
      id: 'tasks.openOrder',
      title: taskWords.commands.openOrder,
      key: keys.openOrder,
      on: task?.order_id,
      open: openOrder,
    },
    {
      id: 'tasks.openPrescription',
      title: taskWords.commands.openPrescription,
      key: keys.openPrescription,
      on: task?.prescription_id,
      open: openPrescription,
    },
    {
      id: 'tasks.openPatient',
      title: taskWords.commands.openPatient,
      key: keys.openPatient,
      on: task?.patient_id,
      open: openPatient,
    },
  ];
  return links.map(({ id, title, key, on, open }) => ({
    id,
    title,
    group: taskWords.group,
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
      title: taskWords.newTask,
      group: taskWords.group,
      shortcut: keys.newTask,
      keywords: 'create add',
      run: newTask,
    },
    {
      id: 'tasks.mine',
      title: taskWords.commands.mine,
      group: taskWords.group,
      shortcut: keys.mine,
      run: () => showList('mine'),
    },
    {
      id: 'tasks.queue',
      title: taskWords.commands.queue,
      group: taskWords.group,
      shortcut: keys.queue,
      keywords: 'open all',
      run: () => showList('queue'),
    },
    {
      id: 'tasks.search',
      title: taskWords.commands.search,
      group: taskWords.group,
      shortcut: keys.search,
      keywords: 'find',
      run: () => {
        showList('search');
        focusById(TASK_SEARCH_ID);
      },
    },
    {
      id: 'tasks.next',
      title: taskWords.commands.next,
      group: taskWords.group,
      shortcut: keys.next,
      enabled: rows.length > 0,
      run: () => step(1),
    },
    {
      id: 'tasks.previous',
      title: taskWords.commands.previous,
      group: taskWords.group,
      shortcut: keys.previous,
      enabled: rows.length > 0,
      run: () => step(-1),
    },
    {
      id: 'tasks.edit',
      title: actions.correctable ? taskWords.commands.correct : taskWords.commands.edit,
      group: taskWords.group,
      shortcut: keys.edit,
      enabled: on,
      run: edit,
    },
    {
      id: 'tasks.status',
      title: taskWords.commands.status,
      group: taskWords.group,
      shortcut: keys.status,
      enabled: on,
      run: changeStatus,
    },
    {
      id: 'tasks.complete',
      title: taskWords.commands.complete,
      group: taskWords.group,
      shortcut: keys.complete,
      keywords: 'done finish',
      enabled: on && !actions.final,
      run: actions.complete,
    },
    {
      id: 'tasks.assignToMe',
      title: taskWords.commands.assignToMe,
      group: taskWords.group,
      shortcut: keys.assignToMe,
      keywords: 'take',
      enabled: on && actions.canAssignToMe,
      run: actions.assignToMe,
    },
    {
      id: 'tasks.watch',
      title: actions.watching ? taskWords.commands.stopWatching : taskWords.commands.watch,
      group: taskWords.group,
      shortcut: keys.watch,
      enabled: on,
      run: actions.toggleWatch,
    },
    ...linkCommands(task),
    {
      id: 'tasks.retry',
      title: taskWords.commands.retry,
      group: taskWords.group,
      shortcut: keys.retry,
      enabled: actions.failed !== null,
      run: () => actions.retry(),
    },
    {
      id: 'tasks.discard',
      title: taskWords.commands.discard,
      group: taskWords.group,
      shortcut: keys.discard,
      enabled: actions.discardable !== null,
      run: () => actions.discard(),
    },
  ];
  useCommands(commands);
}
