// The task outbox as the renderer sees it: the writes it may queue, and the queue's entries and counts.
import { z } from 'zod';
import { uuid } from '../service/common.ts';
import { taskCreateBody, taskUpdateBody } from '../service/tasks.ts';

/**
 * Links as the person typed them (an order number, a patient's or prescription's id or external id) that could not be
 * looked up because the service was offline: the outbox looks each up when it sends, and parks the write with a clear
 * message when one names nothing. A link given here is not also given in the body.
 */
export const taskReferences = z
  .strictObject({
    order_id: z.string().trim().min(1).max(100).optional(),
    patient_id: z.string().trim().min(1).max(100).optional(),
    prescription_id: z.string().trim().min(1).max(100).optional(),
  })
  .refine((refs) => Object.keys(refs).length > 0, 'name at least one link, or leave references out');
export type TaskReferences = z.infer<typeof taskReferences>;

const noLinkTwice = (write: { body: Record<string, unknown>; references?: TaskReferences | undefined }) =>
  Object.keys(write.references ?? {}).every((link) => write.body[link] === undefined);
const linkTwice = { message: 'a link is given either in the body or in references, not both', path: ['references'] };

/** A task write. `taskId` is the service's id, or the outbox id of an offline create (its placeholder). */
export const outboxWrite = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('create'), body: taskCreateBody, references: taskReferences.optional() })
    .refine(noLinkTwice, linkTwice),
  z
    .strictObject({
      kind: z.literal('update'),
      taskId: uuid,
      body: taskUpdateBody,
      references: taskReferences.optional(),
    })
    .refine(noLinkTwice, linkTwice),
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
  /** A task write, or a lot's stock change main queued at a verification (`taskRef` is then the lot). */
  kind: z.enum(['create', 'update', 'complete', 'stock']),
  taskRef: z.string(),
  taskId: z.string().nullable(),
  body: z.record(z.string(), z.unknown()),
  /** Links still to look up when it is sent (typed while offline), or null. */
  references: z.record(z.string(), z.string()).nullable(),
  state: outboxState,
  attempts: z.number().int(),
  uncertain: z.boolean(),
  problem: outboxProblem.nullable(),
  nextAttemptAt: z.string().nullable(),
  blockedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who queued it, as main's session knew them (confirmed: the service said who they are in that run); 'unknown' when older than this. */
  queuedBy: z.union([
    z.literal('unknown'),
    z.strictObject({ id: z.string().nullable(), email: z.string(), confirmed: z.boolean() }),
  ]),
});

export const outboxEntryRef = z.strictObject({ id: z.string().min(1).max(100) });
export const outboxEditInput = z.strictObject({
  id: z.string().min(1).max(100),
  body: z.record(z.string(), z.unknown()),
});
