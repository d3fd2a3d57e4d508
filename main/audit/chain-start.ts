// The audit chain's own check at start, before anything is added to it: a chain that fails it (a record or link
// changed, its keyed state removed) is never extended. Its file is kept aside whole, for the audit
// (`npm run audit -- verify --data-dir` on a folder holding it names what is wrong), and a new chain begins.
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import { checkChain } from './chain.ts';

/** Why the chain in `dataDir` fails its own check under `key` from `keyedFrom`, or null when it holds. */
export function startProblem(dataDir: string, key: Buffer, keyedFrom: number | null): string | null {
  const file = join(dataDir, 'audit.db');
  if (!existsSync(file)) return null;
  const db = new Db(file);
  try {
    const version = Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
    if (version < 4 || !db.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_chain'")) {
      return null;
    }
    const check = checkChain(db, key, keyedFrom);
    if (check.intact) return null;
    const bad = check.firstBad;
    return `BROKEN at record ${bad.seq}: ${bad.table} ${bad.id}: ${bad.problem}`;
  } finally {
    db.close();
  }
}

/** Moves audit.db (and its WAL files) aside as `audit-broken-<time>.db`; answers the new name. Nothing is deleted. */
export function keepBrokenChainAside(dataDir: string, at: Date): string {
  const name = `audit-broken-${at.toISOString().replace(/[:.]/g, '-')}.db`;
  for (const suffix of ['', '-wal', '-shm']) {
    const from = join(dataDir, `audit.db${suffix}`);
    if (existsSync(from)) renameSync(from, join(dataDir, `${name}${suffix}`));
  }
  return name;
}
