// Idempotency-Key on POST: the same key and body answer the first answer again; the same key with another body is a 422.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Db } from '../database/db.ts';
import { unprocessable } from './errors.ts';

export interface IdempotencyScope {
  key: string;
  userId: string;
  operation: string;
  body: unknown;
}

/** An answer as `save` keeps it (a body of `undefined` is left out of the JSON). */
const storedAnswer = z.strictObject({
  status: z.number().int(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()),
});
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export const idempotencySchema = `
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  operation TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  answer TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);`;

/**
 * Keys are kept this long on the wall clock; a replay after that is a new request. The outbox may resend a write after
 * a station was off for a long weekend, so a week, not a day; and never the simulated clock, which a step or a fast
 * simulation moves by days in minutes.
 */
export const IDEMPOTENCY_RETENTION_DAYS = 7;

export class IdempotencyStore {
  private readonly db: Db;
  /** The wall clock (the service's base clock), never the simulation's. */
  private readonly clock: () => Date;

  constructor(db: Db, wallClock: () => Date) {
    this.db = db;
    this.clock = wallClock;
  }

  find(scope: IdempotencyScope): StoredAnswer | null {
    const since = new Date(this.clock().getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
    const row = this.db.get<{ operation: string; body_hash: string; answer: string }>(
      'SELECT operation, body_hash, answer FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at >= ?',
      scope.userId,
      scope.key,
      since,
    );
    if (!row) return null;
    if (row.operation !== scope.operation || row.body_hash !== hashOf(scope.body)) {
      throw unprocessable('This Idempotency-Key was used with a different request; use a new key for a new request.');
    }
    const { status, body, headers } = parseStoredJson(storedAnswer, row.answer, 'a kept idempotent answer');
    return { status, body, headers };
  }

  save(scope: IdempotencyScope, answer: StoredAnswer): void {
    if (answer.status >= 300) return;
    this.db.run(
      'INSERT OR REPLACE INTO idempotency_keys (user_id, key, operation, body_hash, status, answer, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      scope.userId,
      scope.key,
      scope.operation,
      hashOf(scope.body),
      answer.status,
      JSON.stringify(answer),
      this.clock().toISOString(),
    );
  }
}

/** A hash of the body that ignores key order: the same request sent again is the same request. */
function hashOf(body: unknown): string {
  return createHash('sha256')
    .update(canonical(body ?? null))
    .digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
