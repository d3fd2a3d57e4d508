// The outbox's public shapes: the writes it accepts, its entries and counts as the renderer sees them, its options.
import type { TaskReferences } from '../../../contract/ipc/outbox.ts';
import {
  type InventoryLot,
  inventoryOperations,
  type QuantityAdjustmentBody,
} from '../../../contract/service/inventory.ts';
import { ordersOperations } from '../../../contract/service/orders.ts';
import { patientsOperations } from '../../../contract/service/patients.ts';
import { prescriptionsOperations } from '../../../contract/service/prescriptions.ts';
import { type TaskCreateBody, type TaskUpdateBody, tasksOperations } from '../../../contract/service/tasks.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { ServiceClient } from '../client/index.ts';

/** What the outbox needs of the service client: the tasks operations (a client of the whole table fits). */
export const outboxOperations = {
  tasks: tasksOperations,
  // To look up links typed offline (an order number) when the write is sent.
  orders: { get: ordersOperations.get },
  patients: { get: patientsOperations.get },
  prescriptions: { get: prescriptionsOperations.get },
  // Stock that left at a verification: the lot's quantity adjustment.
  inventory: { adjustQuantity: inventoryOperations.adjustQuantity },
};
export type TasksClient = ServiceClient<typeof outboxOperations>;

/**
 * A task write. `taskId` names the task either by the service's id or, for a task created offline, by the outbox id
 * of its create (the local placeholder that `enqueue` answers as `taskRef`); the outbox resolves it when replaying.
 */
export type OutboxWrite =
  | { kind: 'create'; body: TaskCreateBody; references?: TaskReferences }
  | { kind: 'update'; taskId: string; body: TaskUpdateBody; references?: TaskReferences }
  | { kind: 'complete'; taskId: string }
  /**
   * A lot's quantity adjustment, queued by main only (never from the renderer). `key` names the change once: the same
   * key queued again is the entry already queued, so a verification recorded twice takes its stock once.
   */
  | { kind: 'stock'; key: string; lotId: string; body: QuantityAdjustmentBody };

export type OutboxWriteKind = OutboxWrite['kind'];

/** queued: waits its turn (or its backoff); sending: on the wire; failed: parked for a person; done: applied. */
export type OutboxState = 'queued' | 'sending' | 'failed' | 'done';

export const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'sending', 'failed', 'done'];

export type OutboxCounts = Record<OutboxState, number> & { total: number };

/** Why the last attempt did not succeed, as the service (or the outbox) said it. Never a token or a body. */
export interface OutboxProblem {
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** The service's error code (`validation_error`, `not_found`...) or the outbox's own (`network`, `outcome_unknown`). */
  code: string;
  message: string;
}

/**
 * Who queued a write, as main's session knew them when it was queued (never the page's word): their service id and
 * e-mail, and whether the service had confirmed who they are in this run (a sign-in, an unlock; not a sign-in read back
 * from disk alone). 'unknown' for a write queued before the outbox kept this (outbox.db migration 4) or with nobody
 * signed in: it is nobody's, and never counts as a trainee's.
 */
export type OutboxQueuedBy = { id: string | null; email: string; confirmed: boolean } | 'unknown';

/** Who queues a write, from the session's state: the signed-in person and whether the service confirmed them. */
export function queuedByOf(state: {
  user: { id: string | null; email: string } | null;
  roleConfirmed: boolean;
}): OutboxQueuedBy {
  return state.user ? { id: state.user.id, email: state.user.email, confirmed: state.roleConfirmed } : 'unknown';
}

/** The name a task was queued with at this station (a review's clarification), from the outbox. */
export function queuedTaskName(outbox: Pick<Outbox, 'get'>, ref: string): string | null {
  try {
    const name = outbox.get(ref)?.body.name;
    return typeof name === 'string' && name ? name : null;
  } catch {
    return null;
  }
}

export interface OutboxEntry {
  /** The entry's own id; the Idempotency-Key on the wire (a suffix is added when a refused write is sent anew). */
  id: string;
  /** Position in the queue: entries of one task replay in this order. */
  seq: number;
  kind: OutboxWriteKind;
  /** The task, as the writes name it: a create's placeholder (its entry id) or the service's task id. */
  taskRef: string;
  /** The service's id of the task, once known. */
  taskId: string | null;
  /** The request body (create: the new task; update and complete: the fields to change). */
  body: Record<string, unknown>;
  /** Links as typed offline, looked up when it is sent; null when there are none. */
  references: Record<string, string> | null;
  state: OutboxState;
  attempts: number;
  /** Set when a send left the outcome unknown (a crash, a timeout): the next attempt reconciles first. */
  uncertain: boolean;
  problem: OutboxProblem | null;
  /** When the next attempt may start (ISO), while queued. */
  nextAttemptAt: string | null;
  /** The id of an earlier failed entry of the same task that this one waits behind, if any. */
  blockedBy: string | null;
  createdAt: string;
  updatedAt: string;
  queuedBy: OutboxQueuedBy;
}

/** What onChange listeners receive after every change: the counts and the ids of the entries that changed. */
export interface OutboxChange {
  counts: OutboxCounts;
  ids: string[];
}

export interface BackoffSettings {
  /** The first retry waits a random time in [0, baseMs]; each further one doubles the ceiling... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
}

export interface OutboxOptions {
  /** The app's data folder; the queue lives in `outbox.db` there. */
  dataDir: string;
  /** The client to replay with, or null while nobody is signed in (the queue then waits). */
  client: () => TasksClient | null;
  log: Logger;
  /** Wall clock; tests move it. */
  clock?: () => Date;
  /**
   * Who is signed in now, from main's session ('unknown' when not given). Each entry keeps it as who queued it
   * (`queuedBy`) and replays only under that user (their id, else e-mail), because the service keeps Idempotency-Keys
   * per user (another user's resend would not be recognised as a repeat).
   */
  signedIn?: () => OutboxQueuedBy;
  /** Writes of different tasks sent at once (one task's writes always go one at a time). Default 4. */
  concurrency?: number;
  /** Waits after network errors, timeouts, 5xx and 429. Default 1 s doubling up to 60 s, full jitter. */
  backoff?: Partial<BackoffSettings>;
  /** In [0, 1): the jitter. */
  random?: () => number;
  /** While no client is available, look again this often (besides `wake()`). Default 15 s. */
  idlePollMs?: number;
  /** Done entries are kept this long for the renderer to show, then pruned. Default 24 h. */
  keepDoneMs?: number;
  /**
   * How long the service keeps an Idempotency-Key (24 h), less a margin for clock skew. A create whose outcome is
   * unknown and older than this is parked for a person instead of resent, since a resend could make a second task.
   */
  keyRetentionMs?: number;
  /** A stock change the service applied, with the lot it answered: main keeps it in the audit log (a running balance). */
  onStockTaken?: (taken: {
    params: { lot_id: string };
    body: QuantityAdjustmentBody;
    lot: InventoryLot | null;
  }) => void;
}

export interface Outbox {
  /** Validates and stores the write durably (fsync) before it resolves; answers its entry. */
  enqueue(write: OutboxWrite): Promise<OutboxEntry>;
  entries(filter?: { states?: readonly OutboxState[]; limit?: number }): OutboxEntry[];
  get(id: string): OutboxEntry | null;
  counts(): OutboxCounts;
  /** Puts a failed entry back in the queue. */
  retry(id: string): OutboxEntry;
  /** Replaces the body of an entry the service refused; it stays failed until retried. */
  edit(id: string, body: Record<string, unknown>): OutboxEntry;
  /** Removes a failed or queued entry on a person's word; later writes of a discarded create are parked. */
  discard(id: string): void;
  /** Called after every change; answers the function that unsubscribes. */
  onChange(listener: (change: OutboxChange) => void): () => void;
  /** Recovers entries a crash left on the wire, then replays whenever a client is available. */
  start(): void;
  /** Stops replaying; a send in flight is abandoned and reconciled on the next start. */
  stop(): Promise<void>;
  /** Look for work now (sign-in, connectivity back) instead of waiting for a timer. */
  wake(): void;
  /** Stops and closes the database. */
  close(): Promise<void>;
}

export type OutboxErrorCode = 'invalid_write' | 'not_found' | 'wrong_state' | 'closed';

/** Raised by the outbox's own API (never by replay, which records problems on entries). Messages are for people. */
export class OutboxError extends Error {
  override readonly name = 'OutboxError';
  readonly code: OutboxErrorCode;

  constructor(code: OutboxErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type { QuantityAdjustmentBody, TaskCreateBody, TaskUpdateBody };
