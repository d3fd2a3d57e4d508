// The durable inbox: every accepted event by its key, written before the sender gets its 2xx; duplicates recognised.
import { stationEvent } from '../../contract/ipc/events.ts';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Db } from '../../kits/sqlite/db.ts';
import type { StationEvent } from './types.ts';

/** Duplicates are recognised for at least 7 days (the issue); a day more so a retry at the edge still matches. */
export const INBOX_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

export class EventInbox {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /**
   * Records the events in one transaction; answers, per event, true when it is new (false: seen before). `dispatched`
   * marks earlier events as handed on in the same transaction (one disk sync for both).
   */
  record(events: readonly StationEvent[], dispatched: readonly string[] = []): boolean[] {
    if (events.length === 0 && dispatched.length === 0) return [];
    const at = this.now();
    return this.db.transaction(() => {
      for (const key of dispatched) this.db.run('UPDATE inbox SET dispatched_at = ? WHERE key = ?', at, key);
      return events.map((event) => {
        const row = this.db.get<{ duplicates: number }>(
          `INSERT INTO inbox (key, event_code, subject_id, source, payload, received_at) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET duplicates = duplicates + 1
             RETURNING duplicates`,
          event.key,
          event.eventCode,
          event.subjectId,
          event.source,
          JSON.stringify(event),
          at,
        );
        return row?.duplicates === 0;
      });
    });
  }

  /** True when an event with this key was accepted within the retention. */
  has(key: string): boolean {
    return this.db.get('SELECT 1 FROM inbox WHERE key = ?', key) !== undefined;
  }

  markDispatched(keys: readonly string[]): void {
    if (keys.length === 0) return;
    const at = this.now();
    this.db.transaction(() => {
      for (const key of keys) this.db.run('UPDATE inbox SET dispatched_at = ? WHERE key = ?', at, key);
    });
  }

  /** Events recorded but not yet handed on (the process stopped in between), oldest first. */
  undispatched(limit = 1000): StationEvent[] {
    return this.db
      .all<{ payload: string }>(
        'SELECT payload FROM inbox WHERE dispatched_at IS NULL ORDER BY received_at, key LIMIT ?',
        limit,
      )
      .map((row) => parseStoredJson(stationEvent, row.payload, 'an inbox event'));
  }

  /** Forgets dispatched events older than the retention; answers how many went. */
  prune(retentionMs = INBOX_RETENTION_MS): number {
    return this.db.run(
      'DELETE FROM inbox WHERE received_at < ? AND dispatched_at IS NOT NULL',
      this.now() - retentionMs,
    ).changes;
  }

  /** Accepted events and how many duplicate deliveries they had (diagnostics and tests). */
  stats(): { events: number; duplicates: number; undispatched: number } {
    const row = this.db.get<{ events: number; duplicates: number | null; undispatched: number | null }>(
      `SELECT COUNT(*) AS events, SUM(duplicates) AS duplicates,
              SUM(CASE WHEN dispatched_at IS NULL THEN 1 ELSE 0 END) AS undispatched FROM inbox`,
    );
    return { events: row?.events ?? 0, duplicates: row?.duplicates ?? 0, undispatched: row?.undispatched ?? 0 };
  }
}

/**
 * Group commit: the events that arrive within one turn of the event loop are written in ONE transaction (one fsync
 * under synchronous FULL), and every caller learns its own answer when that transaction has committed.
 */
export function createGroupCommit<T, R>(write: (batch: readonly T[]) => R[]): (item: T) => Promise<R> {
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    try {
      const results = write(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => {
        entry.resolve(results[i] as R);
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ item, resolve, reject });
    });
}
