// The task outbox as the renderer sees it: its entries (kept fresh by outbox.changed) and the writes a person makes
// to it. Every task write goes here: enqueue, then retry, correct or discard what the service refused.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { outboxEntry, outboxWrite } from '../../contract/ipc/outbox.ts';
import { station, unwrap } from './station.ts';
import { tasksKey } from './tasks.ts';

export type OutboxWrite = z.input<typeof outboxWrite>;
export type OutboxEntry = z.infer<typeof outboxEntry>;
export type OutboxList = Awaited<ReturnType<typeof fetchOutbox>>;

export const outboxKey = ['outbox'] as const;

export function fetchOutbox() {
  return unwrap(station().outbox.list());
}

/**
 * Reads the queue again after a change; when one of the changed entries is now applied, the task lists are read
 * again too, so the service's own row replaces the pending one.
 */
async function followChange(queryClient: QueryClient, changedIds: readonly string[]): Promise<void> {
  const list = await fetchOutbox();
  queryClient.setQueryData(outboxKey, list);
  const changed = new Set(changedIds);
  if (list.entries.some((entry) => changed.has(entry.id) && entry.state === 'done')) {
    await queryClient.invalidateQueries({ queryKey: tasksKey });
  }
}

/** The queued, sending, failed and recently applied task writes, and their counts. */
export function useOutbox() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      station().on('outbox.changed', ({ ids }) => {
        followChange(queryClient, ids).catch(() => queryClient.invalidateQueries({ queryKey: outboxKey }));
      }),
    [queryClient],
  );
  // Read afresh whenever the tasks screen opens: changes made while it was closed were not followed.
  return useQuery({ queryKey: outboxKey, queryFn: fetchOutbox, refetchOnMount: 'always' });
}

/** Puts the answered entry into the cached list at once, before outbox.changed brings the whole list. */
function remember(queryClient: QueryClient, entry: OutboxEntry): void {
  queryClient.setQueryData<OutboxList>(outboxKey, (list) => {
    if (!list) return list;
    const others = list.entries.filter((candidate) => candidate.id !== entry.id);
    return { ...list, entries: [...others, entry].sort((a, b) => a.seq - b.seq) };
  });
}

/** Queues a task write (create, update, complete); it reaches the service when it can. Answers the outbox entry. */
export function enqueueTask(write: OutboxWrite) {
  return unwrap(station().tasks.enqueue(write));
}

/** Queues a task write and shows it at once in the outbox and the task lists. */
export function useEnqueueTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enqueueTask,
    onSuccess: (entry) => {
      remember(queryClient, entry);
      // Reading the lists again also tells whether the service answers: offline shows at once, not on the next beat.
      void queryClient.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

export function useRetryWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(station().outbox.retry({ id })),
    onSuccess: (entry) => remember(queryClient, entry),
  });
}

/** Corrects a refused write and sends it again (a corrected write is a new request). */
export function useCorrectWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Record<string, unknown> }) => {
      await unwrap(station().outbox.edit({ id, body }));
      return unwrap(station().outbox.retry({ id }));
    },
    onSuccess: (entry) => remember(queryClient, entry),
  });
}

export function useDiscardWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(station().outbox.discard({ id })),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<OutboxList>(outboxKey, (list) =>
        list ? { ...list, entries: list.entries.filter((entry) => entry.id !== id) } : list,
      ),
  });
}
