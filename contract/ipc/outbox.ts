// The task outbox as the renderer sees it: the writes it may queue, and the queue's entries and counts.
import { z } from 'zod';
import { uuid } from '../service/common.ts';
import { taskCreateBody, taskUpdateBody } from '../service/tasks.ts';

/** A task write. `taskId` is the service's id, or the outbox id of an offline create (its placeholder). */
export const outboxWrite = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('create'), body: taskCreateBody }),
  z.strictObject({ kind: z.literal('update'), taskId: uuid, body: taskUpdateBody }),
  z.strictObject({ kind: z.literal('complete'), taskId: uuid }),
]);

export const outboxState = z.enum(['queued', 'sending', 'failed', 'done']);

export const outboxCounts = z.strictObject({
  queued: z.number().int(),
  sending: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
});

export const outboxProblem = z.strictObject({ status: z.number().int(), code: z.string(), message: z.string() });

export const outboxEntry = z.strictObject({
  id: z.string(),
  seq: z.number().int(),
  kind: z.enum(['create', 'update', 'complete']),
  taskRef: z.string(),
  taskId: z.string().nullable(),
  body: z.record(z.string(), z.unknown()),
  state: outboxState,
  attempts: z.number().int(),
  uncertain: z.boolean(),
  problem: outboxProblem.nullable(),
  nextAttemptAt: z.string().nullable(),
  blockedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const outboxEntryRef = z.strictObject({ id: z.string().min(1).max(100) });
export const outboxEditInput = z.strictObject({
  id: z.string().min(1).max(100),
  body: z.record(z.string(), z.unknown()),
});
