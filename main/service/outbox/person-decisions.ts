// What a person decides about a failed write (the outbox screen): send it again, correct it, or discard it. Nothing
// leaves the outbox without one of these.
import type { OutboxRepository } from './outbox-repository.ts';
import { type EntryRow, storedRefsOf } from './schema.ts';
import { OutboxError } from './types.ts';

/**
 * A failed entry back in the queue. When the service refused it (its outcome is certain), it goes with a new
 * Idempotency-Key: a service that remembers refusals under a key would otherwise answer the refusal again. When its
 * outcome is unknown, it keeps its key (the service may still recognise it) and the person's word stands for the
 * reconciliation: it is sent as it is.
 */
export function retryEntry(repository: OutboxRepository, id: string, now: number): void {
  const row = repository.row(id);
  if (!row) throw new OutboxError('not_found', 'That queued change no longer exists.');
  if (row.state !== 'failed') throw new OutboxError('wrong_state', 'Only a change that failed can be retried.');
  const rotate = row.sent_at === null;
  const revision = rotate ? row.key_revision + 1 : row.key_revision;
  repository.db.run(
    `UPDATE outbox_entries SET state = 'queued', attempts = 0, next_attempt_at = ?, key_revision = ?,
       idempotency_key = ?, sent_at = NULL, updated_at = ? WHERE id = ?`,
    now,
    revision,
    revision === 0 ? row.id : `${row.id}.${revision}`,
    now,
    id,
  );
}

/** A corrected body; a link it now gives itself is no longer looked up from what was typed offline. */
export function editEntry(repository: OutboxRepository, id: string, body: Record<string, unknown>, now: number): void {
  const row = repository.db.get<{ refs: string | null }>('SELECT refs FROM outbox_entries WHERE id = ?', id);
  const refs = row?.refs ? storedRefsOf(row.refs) : {};
  for (const link of Object.keys(body)) delete refs[link];
  const kept = Object.keys(refs).length > 0 ? JSON.stringify(refs) : null;
  repository.db.run(
    'UPDATE outbox_entries SET body = ?, refs = ?, updated_at = ? WHERE id = ?',
    JSON.stringify(body),
    kept,
    now,
    id,
  );
}

/** Removes the entry; a discarded create's later writes can never reach their task, so they are parked. */
export function discardEntry(repository: OutboxRepository, row: EntryRow, now: number): string[] {
  return repository.db.transaction(() => {
    repository.db.run('DELETE FROM outbox_entries WHERE id = ?', row.id);
    if (row.kind !== 'create' || repository.serviceIdFor(row.task_key) !== null) return [row.id];
    const orphans = repository.db
      .all<{ id: string }>(
        "SELECT id FROM outbox_entries WHERE task_key = ? AND state IN ('queued', 'failed')",
        row.task_key,
      )
      .map((r) => r.id);
    const problem = {
      status: 0,
      code: 'task_discarded',
      message: 'The new task this change belongs to was discarded before it reached the service.',
    };
    for (const orphan of orphans) repository.markFailed(orphan, problem, true, now);
    return [row.id, ...orphans];
  });
}
