// Verifications in progress, one row per (service, person, order), rewritten at every scan and fsynced before the
// call answers: a reload, a crash or a restart resumes the count where it was, for the same person only.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import { Db, type Migration } from '../../../kits/sqlite/db.ts';

const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'verification runs in progress',
    sql: `
CREATE TABLE verify_runs (
  service_id TEXT NOT NULL,
  user_key TEXT NOT NULL,
  order_id TEXT NOT NULL,
  state TEXT NOT NULL,
  saved_at INTEGER NOT NULL,
  PRIMARY KEY (service_id, user_key, order_id)
);`,
  },
];

/** A run not touched for this long is let go when the store opens (a verification is minutes, not days). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** The most one run may weigh as JSON: hundreds of scans fit many times over. */
export const MAX_RUN_CHARS = 512 * 1024;

export interface VerifyRun {
  run: unknown;
  savedAt: string;
}

export interface VerifyRuns {
  save(userKey: string, orderId: string, run: unknown): { savedAt: string };
  load(userKey: string, orderId: string): VerifyRun | null;
  drop(userKey: string, orderId: string): void;
  /** How many verifications are in progress at this station (anyone's, this service's). */
  count(): number;
  close(): void;
}

export class VerifyRunError extends Error {
  override readonly name = 'VerifyRunError';
}

export function createVerifyRuns(options: { dataDir: string; serviceId: string; now?: () => number }): VerifyRuns {
  mkdirSync(options.dataDir, { recursive: true });
  // FULL, like the outbox: a scan the person saw counted must survive a power cut.
  const db = new Db(join(options.dataDir, 'verify-runs.db'), { synchronous: 'FULL' });
  db.migrate(migrations);
  const now = options.now ?? Date.now;
  const service = options.serviceId;
  db.run('DELETE FROM verify_runs WHERE saved_at < ?', now() - KEEP_MS);
  return {
    save(userKey, orderId, run) {
      const state = JSON.stringify(run);
      if (state === undefined || state.length > MAX_RUN_CHARS) {
        throw new VerifyRunError('This verification is too large to keep on the station.');
      }
      const at = now();
      db.run(
        `INSERT INTO verify_runs (service_id, user_key, order_id, state, saved_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (service_id, user_key, order_id) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at`,
        service,
        userKey,
        orderId,
        state,
        at,
      );
      return { savedAt: new Date(at).toISOString() };
    },
    load(userKey, orderId) {
      const row = db.get<{ state: string; saved_at: number }>(
        'SELECT state, saved_at FROM verify_runs WHERE service_id = ? AND user_key = ? AND order_id = ?',
        service,
        userKey,
        orderId,
      );
      return row
        ? { run: parseStoredJson(z.unknown(), row.state, 'a kept run'), savedAt: new Date(row.saved_at).toISOString() }
        : null;
    },
    drop(userKey, orderId) {
      db.run(
        'DELETE FROM verify_runs WHERE service_id = ? AND user_key = ? AND order_id = ?',
        service,
        userKey,
        orderId,
      );
    },
    count: () => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM verify_runs WHERE service_id = ?', service)?.n ?? 0,
    close: () => db.close(),
  };
}
