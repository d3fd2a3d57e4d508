// Checks a task write before it is queued, with the contract's own request schemas: a bad write is refused at once.
import type { z } from 'zod';
import { outboxWrite } from '../../../contract/ipc/outbox.ts';
import { uuid } from '../../../contract/service/common.ts';
import { quantityAdjustmentBody } from '../../../contract/service/inventory.ts';
import { taskCreateBody, taskUpdateBody } from '../../../contract/service/tasks.ts';
import { OutboxError, type OutboxWrite, type OutboxWriteKind } from './types.ts';

/** The status a complete sets (the training service's final status; see contract/service/tasks.ts). */
export const COMPLETE_STATUS = 'DONE';

/** A write as the IPC layer receives it (strict: unknown keys refused). */
/** The one write schema is the IPC contract's: the renderer queues writes through it. */
export const outboxWriteSchema = outboxWrite;

export interface CheckedWrite {
  /** The entry's id when the write names itself (a stock change's key), else null for a fresh one. */
  key: string | null;
  kind: OutboxWriteKind;
  taskRef: string | null;
  body: Record<string, unknown>;
  references: Record<string, string> | null;
}

/** The write as it will go on the wire (names trimmed as the service would), or an OutboxError naming the problem. */
export function checkWrite(write: OutboxWrite): CheckedWrite {
  if (write.kind === 'stock') return checkStock(write);
  const parsed = outboxWriteSchema.safeParse(write);
  if (!parsed.success) throw invalid(parsed.error);
  const value = parsed.data;
  const fresh = { key: null, references: null };
  if (value.kind === 'create') {
    return { ...fresh, kind: 'create', taskRef: null, body: value.body, references: referencesOf(value.references) };
  }
  if (value.kind === 'update') {
    const references = referencesOf(value.references);
    return { ...fresh, kind: 'update', taskRef: value.taskId, body: value.body, references };
  }
  return { ...fresh, kind: 'complete', taskRef: value.taskId, body: { status_code: COMPLETE_STATUS } };
}

const STOCK_KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/** A lot's quantity change: grouped by the lot (one lot's changes go in order), named by its key. */
function checkStock(write: Extract<OutboxWrite, { kind: 'stock' }>): CheckedWrite {
  const lot = uuid.safeParse(write.lotId);
  if (!lot.success) throw new OutboxError('invalid_write', 'This stock change cannot be queued: lotId: not a lot id');
  if (typeof write.key !== 'string' || !STOCK_KEY.test(write.key)) {
    throw new OutboxError('invalid_write', 'This stock change cannot be queued: key: 8 to 200 letters, digits or ._:-');
  }
  const body = quantityAdjustmentBody.safeParse(write.body);
  if (!body.success) throw invalid(body.error);
  return { key: write.key, kind: 'stock', taskRef: lot.data, body: body.data, references: null };
}

function referencesOf(references: Record<string, string | undefined> | undefined): Record<string, string> | null {
  const given = Object.entries(references ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return given.length > 0 ? Object.fromEntries(given) : null;
}

/** A corrected body for an entry of this kind. */
export function checkBody(kind: OutboxWriteKind, body: unknown): Record<string, unknown> {
  const schema = kind === 'stock' ? quantityAdjustmentBody : kind === 'create' ? taskCreateBody : taskUpdateBody;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data as Record<string, unknown>;
}

/** Zod's issues as `field: problem`, never echoing the values (a task may name a patient). */
function invalid(error: z.ZodError): OutboxError {
  const problems = error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || 'write'}: ${issue.message}`);
  return new OutboxError('invalid_write', `This change cannot be queued: ${problems.join('; ')}`);
}
