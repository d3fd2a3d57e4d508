// Sends one entry: name the real task, reconcile an unknown outcome first, then create or update with its key.
import type { QuantityAdjustmentBody } from '../../../contract/service/inventory.ts';
import type { Task, TaskCreateBody, TaskUpdateBody } from '../../../contract/service/tasks.ts';
import { ServiceError } from '../client/index.ts';
import { updateAlreadyApplied } from './reconcile.ts';
import { resolveReferences } from './references.ts';
import { type EntryRow, storedBodyOf } from './schema.ts';
import type { OutboxProblem, TasksClient } from './types.ts';

export type SendResult =
  | { kind: 'applied'; taskId: string; reconciled: 'no' | 'replayed' | 'already_applied'; answer?: unknown }
  /** Settled without the service: parked for a person with this problem. */
  | { kind: 'park'; problem: OutboxProblem; certain: boolean };

export interface SendContext {
  client: TasksClient;
  /** The service id a placeholder turned into, or null while its create has not been applied. */
  serviceIdFor(placeholder: string): string | null;
  now: number;
  keyRetentionMs: number;
  signal: AbortSignal;
}

/** Throws the client's ServiceError when the service cannot be asked or answers with a failure. */
export async function sendEntry(row: EntryRow, ctx: SendContext): Promise<SendResult> {
  const uncertain = row.sent_at !== null;
  const stored = storedBodyOf(row);
  const key = row.idempotency_key;
  // Links typed offline are looked up now; one that names nothing parks the write for a person, never drops it.
  const resolved = await resolveReferences(ctx.client, row.refs, ctx.signal);
  if (!resolved.ok) return { kind: 'park', problem: resolved.problem, certain: true };
  const body = { ...stored, ...resolved.links };

  if (row.kind === 'stock') return sendStock(row, body as QuantityAdjustmentBody, ctx);

  if (row.kind === 'create') {
    // The service answers the first answer again for a repeated key, for as long as it keeps the key.
    if (uncertain && ctx.now - (row.sent_at as number) > ctx.keyRetentionMs) {
      return { kind: 'park', problem: staleCreate(row.sent_at as number), certain: false };
    }
    const task = await ctx.client.tasks.create({
      body: body as TaskCreateBody,
      idempotencyKey: key,
      signal: ctx.signal,
    });
    return { kind: 'applied', taskId: task.id, reconciled: uncertain ? 'replayed' : 'no' };
  }

  const taskId = row.placeholder === 1 ? ctx.serviceIdFor(row.task_key) : row.task_key;
  if (taskId === null) {
    const message = 'The new task this change belongs to has not reached the service; it was discarded or refused.';
    return { kind: 'park', problem: { status: 0, code: 'task_unknown', message }, certain: true };
  }
  if (uncertain) {
    // The update may have applied before the crash: the task's own state says so without writing anything.
    const current = await readTask(ctx, taskId);
    if (current !== null && updateAlreadyApplied(current, body)) {
      return { kind: 'applied', taskId, reconciled: 'already_applied' };
    }
  }
  // With the same key, a service that remembers PATCH keys answers its first answer again instead of re-applying.
  await ctx.client.tasks.update({
    params: { task_id: taskId },
    body: body as TaskUpdateBody,
    idempotencyKey: key,
    signal: ctx.signal,
  });
  return { kind: 'applied', taskId, reconciled: uncertain ? 'replayed' : 'no' };
}

/**
 * A lot's quantity change, with its key: a resend after a lost answer is answered, not applied again, for as long as
 * the service keeps the key; past that it is parked for a person, who checks the lot's quantity first.
 */
async function sendStock(row: EntryRow, body: QuantityAdjustmentBody, ctx: SendContext): Promise<SendResult> {
  if (row.sent_at !== null && ctx.now - row.sent_at > ctx.keyRetentionMs) {
    const message =
      `This stock change was sent on ${new Date(row.sent_at).toISOString()} and no answer came back; the service no ` +
      "longer recognises a repeat of it. Check the lot's quantity: if it did not change, retry; if it did, discard this.";
    return { kind: 'park', problem: { status: 0, code: 'outcome_unknown', message }, certain: false };
  }
  const lot = await ctx.client.inventory.adjustQuantity({
    params: { lot_id: row.task_key },
    body,
    idempotencyKey: row.idempotency_key,
    signal: ctx.signal,
  });
  return { kind: 'applied', taskId: row.task_key, reconciled: row.sent_at !== null ? 'replayed' : 'no', answer: lot };
}

/** The task as the service holds it; null when it does not exist (the update will then be refused and parked). */
async function readTask(ctx: SendContext, taskId: string): Promise<Task | null> {
  try {
    return await ctx.client.tasks.get({ params: { task_id: taskId }, signal: ctx.signal });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return null;
    throw error;
  }
}

function staleCreate(sentAt: number): OutboxProblem {
  return {
    status: 0,
    code: 'outcome_unknown',
    message:
      `This new task was sent on ${new Date(sentAt).toISOString()} and no answer came back; the service no longer ` +
      'recognises a repeat of it. Check the task list: if the task is not there, retry; if it is, discard this.',
  };
}
