// What a person can do to the selected task without the form: status, complete, take it, watch it, and deal with a
// refused write (retry or discard). Every write goes through the outbox.
import { useState } from 'react';
import type { TaskUpdateBody } from '../../../contract/service/tasks.ts';
import { playBad } from '../../feedback/sounds.ts';
import { useDiscardWrite, useEnqueueTask, useRetryWrite } from '../../queries/outbox.ts';
import { messageOf } from '../../queries/station.ts';
import type { Person } from './people.ts';
import { isFinalStatus } from './task-format.ts';
import type { NamingContext, OutboxEntryView, TaskRow } from './task-rows.ts';

export function useTaskActions(row: TaskRow | null, me: Person | null, naming: NamingContext) {
  const enqueue = useEnqueueTask();
  const retryWrite = useRetryWrite();
  const discardWrite = useDiscardWrite();
  const [error, setError] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState<string | null>(null);

  const fail = (caught: unknown) => {
    setError(messageOf(caught));
    playBad();
  };
  const update = (body: TaskUpdateBody) => {
    if (!row) return;
    setError(null);
    enqueue.mutate({ kind: 'update', taskId: row.taskRef, body }, { onError: fail });
  };

  const task = row?.task;
  const final = isFinalStatus(task?.status_code, naming.statuses);
  const failed = row?.writes.find((entry) => entry.state === 'failed') ?? null;
  // A refused completion has nothing to correct: retry or discard it.
  const correctable = failed && failed.kind !== 'complete' ? failed : null;
  // What Discard means without a choice: the refused write, else the latest one still waiting.
  const discardable = failed ?? row?.writes.findLast((entry) => entry.state === 'queued') ?? null;
  const watcherIds = (task?.watchers ?? []).map((watcher) => watcher.id);
  const watching = me !== null && watcherIds.includes(me.id);

  return {
    error,
    failed,
    correctable,
    discardable,
    final,
    watching,
    confirmingDiscard,
    canAssignToMe: row !== null && me !== null && task?.assignee_id !== me.id,
    setStatus(code: string) {
      if (task && code !== task.status_code) update({ status_code: code });
    },
    complete() {
      if (!row || final) return;
      setError(null);
      enqueue.mutate({ kind: 'complete', taskId: row.taskRef }, { onError: fail });
    },
    assignToMe() {
      if (me && task?.assignee_id !== me.id) update({ assignee: me.id });
    },
    toggleWatch() {
      if (!me || !row) return;
      const next = watching ? watcherIds.filter((id) => id !== me.id) : [...watcherIds, me.id];
      update({ watchers: next.map((id) => ({ id })) });
    },
    retry(entry: OutboxEntryView | null = failed) {
      if (!entry) return;
      setError(null);
      retryWrite.mutate(entry.id, { onError: fail });
    },
    /** The first call asks; the second (the same write) discards. */
    discard(entry: OutboxEntryView | null = discardable) {
      if (!entry) return;
      if (confirmingDiscard !== entry.id) {
        setConfirmingDiscard(entry.id);
        return;
      }
      setConfirmingDiscard(null);
      setError(null);
      discardWrite.mutate(entry.id, { onError: fail });
    },
    keep: () => setConfirmingDiscard(null),
  };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
