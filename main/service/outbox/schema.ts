// The outbox's own SQLite file (outbox.db): its tables, and how a stored row becomes the entry the renderer sees.
import { z } from 'zod';
import { quantityAdjustmentBody } from '../../../contract/service/inventory.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import type { Migration } from '../../../kits/sqlite/db.ts';
import type { OutboxEntry, OutboxQueuedBy, OutboxState, OutboxWriteKind } from './types.ts';

/**
 * An entry's columns after its place in the queue, with the kinds of write the table's CHECK allows: migration 1 wrote
 * them, and migration 3 rebuilt the table with the same (SQLite cannot widen a CHECK in place).
 */
function entryColumns(kinds: readonly string[]): string {
  return `  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')})),
  task_key TEXT NOT NULL,
  placeholder INTEGER NOT NULL CHECK (placeholder IN (0, 1)),
  body TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'failed', 'done')),
  idempotency_key TEXT NOT NULL,
  key_revision INTEGER NOT NULL DEFAULT 0,
  actor TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  sent_at INTEGER,
  task_id TEXT,
  error_status INTEGER,
  error_code TEXT,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL`;
}

/**
 * outbox_entries: one row per write, in queue order (seq). task_key groups one task's writes: a create's own id
 * (the placeholder) for a task created here, else the service's task id. sent_at is set when a send of the current
 * idempotency_key began and no definite answer has come since: the outcome is then unknown until reconciled.
 * outbox_tasks: which service id each placeholder turned into, so later writes can name the real task.
 * A stock change (kind 'stock', migration 3) is grouped by its lot's id (task_key), so one lot's changes go in order.
 */
export const outboxMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'the task outbox',
    sql: `
CREATE TABLE outbox_entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
${entryColumns(['create', 'update', 'complete'])}
);
CREATE INDEX outbox_entries_state ON outbox_entries (state, seq);
CREATE INDEX outbox_entries_task ON outbox_entries (task_key, seq);
CREATE TABLE outbox_tasks (
  local_id TEXT PRIMARY KEY,
  service_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_tasks_service ON outbox_tasks (service_id);
`,
  },
  {
    version: 2,
    name: 'links typed offline, looked up when sent',
    sql: 'ALTER TABLE outbox_entries ADD COLUMN refs TEXT;',
  },
  {
    // SQLite cannot change a CHECK in place: the table is rebuilt with the same columns, rows and indexes.
    version: 3,
    name: 'stock changes (a lot quantity adjustment) beside task writes',
    sql: `
CREATE TABLE outbox_entries_3 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
${entryColumns(['create', 'update', 'complete', 'stock'])},
  refs TEXT
);
INSERT INTO outbox_entries_3 (seq, id, kind, task_key, placeholder, body, state, idempotency_key, key_revision, actor,
  attempts, next_attempt_at, sent_at, task_id, error_status, error_code, error_message, created_at, updated_at, refs)
  SELECT seq, id, kind, task_key, placeholder, body, state, idempotency_key, key_revision, actor, attempts,
  next_attempt_at, sent_at, task_id, error_status, error_code, error_message, created_at, updated_at, refs
  FROM outbox_entries;
DROP TABLE outbox_entries;
ALTER TABLE outbox_entries_3 RENAME TO outbox_entries;
CREATE INDEX outbox_entries_state ON outbox_entries (state, seq);
CREATE INDEX outbox_entries_task ON outbox_entries (task_key, seq);
`,
  },
  {
    // Rows queued before this keep NULL: read as 'unknown', nobody's (a drill never counts them as a trainee's).
    version: 4,
    name: 'who queued each write, as the session knew them',
    sql: `
ALTER TABLE outbox_entries ADD COLUMN queued_by_id TEXT;
ALTER TABLE outbox_entries ADD COLUMN queued_by_email TEXT;
ALTER TABLE outbox_entries ADD COLUMN queued_by_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (queued_by_confirmed IN (0, 1));
`,
  },
];

export interface EntryRow {
  seq: number;
  id: string;
  kind: OutboxWriteKind;
  task_key: string;
  placeholder: number;
  body: string;
  /** JSON of the links typed offline ({ order_id: '1000185' }), looked up when sent; null when none. */
  refs: string | null;
  state: OutboxState;
  idempotency_key: string;
  key_revision: number;
  actor: string | null;
  attempts: number;
  next_attempt_at: number;
  sent_at: number | null;
  task_id: string | null;
  error_status: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  /** Who queued it (migration 4): NULL email for a write older than that, or queued with nobody signed in. */
  queued_by_id: string | null;
  queued_by_email: string | null;
  queued_by_confirmed: number;
  blocked_by?: string | null;
}

/** The queued_by_* columns' values for who queued a write, in that order (id, email, confirmed). */
export const queuedByColumns = (by: OutboxQueuedBy): [string | null, string | null, number] =>
  by === 'unknown' ? [null, null, 0] : [by.id, by.email, by.confirmed ? 1 : 0];

const queuedByOf = (row: EntryRow): OutboxQueuedBy =>
  row.queued_by_email === null
    ? 'unknown'
    : { id: row.queued_by_id, email: row.queued_by_email, confirmed: row.queued_by_confirmed === 1 };

/** The id of the earliest failed entry of the same task before this one: what it waits behind. */
export const BLOCKED_BY_SQL = `(SELECT b.id FROM outbox_entries b WHERE b.task_key = e.task_key AND b.seq < e.seq
  AND b.state = 'failed' ORDER BY b.seq LIMIT 1) AS blocked_by`;

/** An entry's stored body: the call's JSON object as the station wrote it. */
export const storedBodyOf = (row: Pick<EntryRow, 'id' | 'body'>) =>
  parseStoredJson(z.record(z.string(), z.unknown()), row.body, `outbox entry ${row.id}'s body`);

/** A stock adjustment's stored body, checked as the contract's quantity adjustment. */
export const storedAdjustmentOf = (row: Pick<EntryRow, 'id' | 'body'>) =>
  parseStoredJson(quantityAdjustmentBody, row.body, `outbox entry ${row.id}'s adjustment`);

/** An entry's links typed offline (link name to what was typed), as stored in `refs`. */
export const storedRefsOf = (refs: string) =>
  parseStoredJson(z.record(z.string(), z.string()), refs, "an outbox entry's typed links");

const iso = (ms: number) => new Date(ms).toISOString();

export function entryFromRow(row: EntryRow): OutboxEntry {
  const problem =
    row.error_code === null
      ? null
      : { status: row.error_status ?? 0, code: row.error_code, message: row.error_message ?? '' };
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    taskRef: row.task_key,
    taskId: row.task_id ?? (row.placeholder === 0 ? row.task_key : null),
    body: storedBodyOf(row),
    references: row.refs ? storedRefsOf(row.refs) : null,
    state: row.state,
    attempts: row.attempts,
    uncertain: row.sent_at !== null,
    problem,
    nextAttemptAt: row.state === 'queued' ? iso(row.next_attempt_at) : null,
    blockedBy: row.state === 'queued' ? (row.blocked_by ?? null) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    queuedBy: queuedByOf(row),
  };
}
