// The selected task: a row of the list in view, or a task on its own (opened from an order, or kept from another
// list); a task created here stays selected when its placeholder becomes the service's id.
import { useEffect, useMemo, useState } from 'react';
import { useTask } from '../../queries/tasks.ts';
import { buildTaskRows, type TaskRow } from './task-rows.ts';
import type { TaskListData } from './use-task-list.ts';

export function useSelectedRow(data: TaskListData, routedTaskId: string | null) {
  const [selectedKey, setSelectedKey] = useState<string | null>(routedTaskId);
  useEffect(() => setSelectedKey(routedTaskId), [routedTaskId]);

  const entries = data.outbox.data?.entries;
  const inList = data.rows.find((row) => row.key === selectedKey) ?? null;
  const create = selectedKey
    ? entries?.find((entry) => entry.kind === 'create' && entry.id === selectedKey)
    : undefined;
  useEffect(() => {
    if (create?.taskId) setSelectedKey(create.taskId);
  }, [create?.taskId]);

  // A task the list does not hold is read on its own; a create not yet sent has nothing to read.
  const alone = useTask(inList || !selectedKey || create ? null : selectedKey);
  const selected = useMemo((): TaskRow | null => {
    if (inList || !selectedKey) return inList;
    const tasks = alone.data ? [alone.data] : [];
    const context = { ...data.naming, view: { kind: 'any' } as const, listReadAt: alone.dataUpdatedAt };
    return buildTaskRows(tasks, entries ?? [], context).find((row) => row.key === selectedKey) ?? null;
  }, [inList, selectedKey, alone.data, alone.dataUpdatedAt, entries, data.naming]);

  return { selected, select: setSelectedKey };
}
