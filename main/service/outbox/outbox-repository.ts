// The outbox's durable state: every state change of an entry is one short SQLite transaction, fsynced before it returns.
// What a person decides about a failed entry (retry, edit, discard) is in person-decisions.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../../kits/sqlite/db.ts';
import { BLOCKED_BY_SQL, type EntryRow, entryFromRow, outboxMigrations, queuedByColumns } from './schema.ts';
import {
  OUTBOX_STATES,
  type OutboxCounts,
  type OutboxEntry,
  OutboxError,
  type OutboxProblem,
  type OutboxQueuedBy,
  type OutboxState,
  type OutboxWriteKind,
} from './types.ts';

export interface NewEntry {
  id: string;
  kind: OutboxWriteKind;
  /** The task as the write names it (placeholder or service id); null for a create. */
  taskRef: string | null;
  body: Record<string, unknown>;
  references: Record<string, string> | null;
  actor: string | null;
  queuedBy: OutboxQueuedBy;
  now: number;
}

/** One task's writes are a group: later entries wait while an earlier one is not done. */
const HEAD_SQL = `NOT EXISTS (SELECT 1 FROM outbox_entries p WHERE p.task_key = e.task_key AND p.seq < e.seq
  AND p.state != 'done')`;
const ACTOR_SQL = '(e.actor IS NULL OR e.actor = ?)';

export class OutboxRepository {
  readonly db: Db;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    // FULL: a write the person was told is queued must survive a power cut, not only a crash.
    this.db = new Db(join(dataDir, 'outbox.db'), { synchronous: 'FULL' });
    this.db.migrate(outboxMigrations);
  }

  insert(entry: NewEntry): OutboxEntry {
    return this.db.transaction(() => {
      const task = entry.taskRef === null ? { key: entry.id, placeholder: true } : this.groupOf(entry.taskRef);
      this.db.run(
        `INSERT INTO outbox_entries (id, kind, task_key, placeholder, body, refs, state, idempotency_key, actor,
           next_attempt_at, created_at, updated_at, queued_by_id, queued_by_email, queued_by_confirmed)
           VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?)`,
        entry.id,
        entry.kind,
        task.key,
        task.placeholder ? 1 : 0,
        JSON.stringify(entry.body),
        entry.references ? JSON.stringify(entry.references) : null,
        entry.id,
        entry.actor,
        entry.now,
        entry.now,
        entry.now,
        ...queuedByColumns(entry.queuedBy),
      );
      return this.require(entry.id);
    });
  }

  /**
   * The group a write joins. A placeholder stays the group's key even after the service id is known, so a write
   * naming the task by its service id still queues behind the writes that named it by its placeholder.
   */
  private groupOf(ref: string): { key: string; placeholder: boolean } {
    const isPlaceholder =
      this.db.get('SELECT 1 FROM outbox_tasks WHERE local_id = ?', ref) !== undefined ||
      this.db.get("SELECT 1 FROM outbox_entries WHERE id = ? AND kind = 'create'", ref) !== undefined;
    if (isPlaceholder) return { key: ref, placeholder: true };
    const mapped = this.db.get<{ local_id: string }>('SELECT local_id FROM outbox_tasks WHERE service_id = ?', ref);
    return mapped ? { key: mapped.local_id, placeholder: true } : { key: ref, placeholder: false };
  }

  find(id: string): OutboxEntry | null {
    const row = this.db.get<EntryRow>(`SELECT e.*, ${BLOCKED_BY_SQL} FROM outbox_entries e WHERE e.id = ?`, id);
    return row ? entryFromRow(row) : null;
  }

  require(id: string): OutboxEntry {
    const entry = this.find(id);
    if (!entry) throw new OutboxError('not_found', 'That queued change no longer exists.');
    return entry;
  }

  row(id: string): EntryRow | undefined {
    return this.db.get<EntryRow>('SELECT * FROM outbox_entries WHERE id = ?', id);
  }

  list(states: readonly OutboxState[], limit: number): OutboxEntry[] {
    const wanted = states.filter((s) => OUTBOX_STATES.includes(s));
    if (wanted.length === 0) return [];
    const marks = wanted.map(() => '?').join(', ');
    return this.db
      .all<EntryRow>(
        `SELECT e.*, ${BLOCKED_BY_SQL} FROM outbox_entries e WHERE e.state IN (${marks}) ORDER BY e.seq LIMIT ?`,
        ...wanted,
        limit,
      )
      .map(entryFromRow);
  }

  counts(): OutboxCounts {
    const counts: OutboxCounts = { queued: 0, sending: 0, failed: 0, done: 0, total: 0 };
    for (const row of this.db.all<{ state: OutboxState; n: number }>(
      'SELECT state, COUNT(*) AS n FROM outbox_entries GROUP BY state',
    )) {
      counts[row.state] = row.n;
      counts.total += row.n;
    }
    return counts;
  }

  /** Entries that may be sent now: queued, due, first undone write of their task, queued by this actor (or nobody). */
  readyHeads(now: number, actor: string | null, limit: number): EntryRow[] {
    return this.db.all<EntryRow>(
      `SELECT e.* FROM outbox_entries e WHERE e.state = 'queued' AND e.next_attempt_at <= ? AND ${ACTOR_SQL}
         AND ${HEAD_SQL} ORDER BY e.seq LIMIT ?`,
      now,
      actor,
      limit,
    );
  }

  /** When the earliest waiting head may go, or null when none waits. */
  nextDue(actor: string | null): number | null {
    const row = this.db.get<{ at: number | null }>(
      `SELECT MIN(e.next_attempt_at) AS at FROM outbox_entries e WHERE e.state = 'queued' AND ${ACTOR_SQL}
         AND ${HEAD_SQL}`,
      actor,
    );
    return row?.at ?? null;
  }

  /** Marks the entry as on the wire before anything is sent; false when it is no longer queued (discarded...). */
  markSending(id: string, now: number): boolean {
    const { changes } = this.db.run(
      `UPDATE outbox_entries SET state = 'sending', attempts = attempts + 1, sent_at = COALESCE(sent_at, ?),
         updated_at = ? WHERE id = ? AND state = 'queued'`,
      now,
      now,
      id,
    );
    return changes === 1;
  }

  /** The write applied: remember the service id (and, for a create, what its placeholder stands for). */
  markDone(row: EntryRow, taskId: string, now: number): void {
    this.db.transaction(() => {
      this.db.run(
        `UPDATE outbox_entries SET state = 'done', task_id = ?, sent_at = NULL, error_status = NULL, error_code = NULL,
           error_message = NULL, updated_at = ? WHERE id = ?`,
        taskId,
        now,
        row.id,
      );
      if (row.kind === 'create') {
        this.db.run(
          'INSERT OR IGNORE INTO outbox_tasks (local_id, service_id, created_at) VALUES (?, ?, ?)',
          row.task_key,
          taskId,
          now,
        );
      }
    });
  }

  /** Back in the queue after a problem that time may cure; the outcome stays as uncertain as it was. */
  markRetry(id: string, problem: OutboxProblem, nextAttemptAt: number, now: number): void {
    this.db.run(
      `UPDATE outbox_entries SET state = 'queued', next_attempt_at = ?, error_status = ?, error_code = ?,
         error_message = ?, updated_at = ? WHERE id = ?`,
      nextAttemptAt,
      problem.status,
      problem.code,
      problem.message,
      now,
      id,
    );
  }

  /** Parked for a person. `certain`: the service refused it, so its key was not used and may be replaced. */
  markFailed(id: string, problem: OutboxProblem, certain: boolean, now: number): void {
    this.db.run(
      `UPDATE outbox_entries SET state = 'failed', error_status = ?, error_code = ?, error_message = ?,
         sent_at = CASE WHEN ? THEN NULL ELSE sent_at END, updated_at = ? WHERE id = ?`,
      problem.status,
      problem.code,
      problem.message,
      certain ? 1 : 0,
      now,
      id,
    );
  }

  /** After a crash or a stop: entries left on the wire go back to the queue, marked uncertain by their sent_at. */
  requeueAbandoned(now: number): string[] {
    return this.db.transaction(() => {
      const ids = this.db.all<{ id: string }>("SELECT id FROM outbox_entries WHERE state = 'sending'").map((r) => r.id);
      this.db.run("UPDATE outbox_entries SET state = 'queued', updated_at = ? WHERE state = 'sending'", now);
      return ids;
    });
  }

  requeue(id: string, now: number): void {
    this.db.run(
      "UPDATE outbox_entries SET state = 'queued', updated_at = ? WHERE id = ? AND state = 'sending'",
      now,
      id,
    );
  }

  /** The service id a placeholder turned into, or null while its create has not been applied. */
  serviceIdFor(placeholder: string): string | null {
    return (
      this.db.get<{ service_id: string }>('SELECT service_id FROM outbox_tasks WHERE local_id = ?', placeholder)
        ?.service_id ?? null
    );
  }

  /** Forgets done entries older than `doneBefore`, and placeholders no entry needs after `mappingBefore`. */
  prune(doneBefore: number, mappingBefore: number): number {
    return this.db.transaction(() => {
      const done = this.db.run(
        "DELETE FROM outbox_entries WHERE state = 'done' AND updated_at < ?",
        doneBefore,
      ).changes;
      this.db.run(
        `DELETE FROM outbox_tasks WHERE created_at < ?
           AND NOT EXISTS (SELECT 1 FROM outbox_entries WHERE task_key = outbox_tasks.local_id)`,
        mappingBefore,
      );
      return done;
    });
  }

  close(): void {
    this.db.close();
  }
}
