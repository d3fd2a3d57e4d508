// The chain's own state in audit.db: its id and from which record it is keyed (audit_meta), its signed checkpoints
// (audit_checkpoints), and the triggers that keep those tables, the links and the records append-only.
import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../../kits/sqlite/db.ts';
import { CHAINED_TABLES, headLink, sealEarlierRecords } from './chain.ts';

/** The triggers that refuse an update or a delete; IF NOT EXISTS, so every start puts back one dropped by hand. */
const appendOnly = (table: string) => `CREATE TRIGGER IF NOT EXISTS ${table}_no_update BEFORE UPDATE ON ${table}
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ${table}_no_delete BEFORE DELETE ON ${table}
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`;

/**
 * Applied on every open, after the versioned migrations (it needs no version of its own): the checkpoints table, the
 * chain's tables again if they were dropped by hand (empty: every record then shows as outside the chain, nothing is
 * sealed again), and the append-only triggers of every table the chain depends on.
 */
const CHAIN_SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_chain (
  seq INTEGER PRIMARY KEY,
  record_table TEXT NOT NULL,
  record_id TEXT NOT NULL,
  recorded_at INTEGER NOT NULL,
  record_hash TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  UNIQUE (record_table, record_id)
);
CREATE INDEX IF NOT EXISTS audit_chain_time ON audit_chain (recorded_at, seq);
CREATE TABLE IF NOT EXISTS audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS audit_checkpoints (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  chain_id TEXT NOT NULL,
  records INTEGER NOT NULL,
  head TEXT NOT NULL,
  at INTEGER NOT NULL,
  signature TEXT NOT NULL
);
${['audit_chain', 'audit_meta', 'audit_checkpoints', ...CHAINED_TABLES].map(appendOnly).join('')}`;

/** A signed statement "this chain had `records` links, the last one hashing `head`, at `at`". */
export interface Checkpoint {
  chainId: string;
  records: number;
  head: string;
  /** ISO time, main's clock. */
  at: string;
  /** HMAC-SHA-256 under the chain's key over the four fields. */
  signature: string;
}

export function checkpointSignature(key: Buffer, c: Omit<Checkpoint, 'signature'>): string {
  const text = `audit checkpoint\n${c.chainId}\n${c.records}\n${c.head}\n${c.at}`;
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

export function metaValue(db: Db, key: string): string | null {
  return db.get<{ value: string }>('SELECT value FROM audit_meta WHERE key = ?', key)?.value ?? null;
}

/** The record (link number) from which the chain is keyed, or null while it is not keyed. */
export function keyedFromOf(db: Db): number | null {
  const value = metaValue(db, 'keyed_from');
  return value === null ? null : Number(value);
}

/** The newest checkpoint the station wrote, or null. */
export function latestCheckpoint(db: Db): Checkpoint | null {
  const row = db.get<{ chain_id: string; records: number; head: string; at: number; signature: string }>(
    'SELECT chain_id, records, head, at, signature FROM audit_checkpoints ORDER BY seq DESC LIMIT 1',
  );
  if (!row) return null;
  return {
    chainId: row.chain_id,
    records: row.records,
    head: row.head,
    at: new Date(row.at).toISOString(),
    signature: row.signature,
  };
}

/** The checkpoints the station wrote, oldest first. */
export function storedCheckpoints(db: Db): Checkpoint[] {
  return db
    .all<{ chain_id: string; records: number; head: string; at: number; signature: string }>(
      'SELECT chain_id, records, head, at, signature FROM audit_checkpoints ORDER BY seq',
    )
    .map((row) => ({ ...row, chainId: row.chain_id, at: new Date(row.at).toISOString() }))
    .map(({ chain_id: _, ...checkpoint }) => checkpoint);
}

/** The chain's id (from `peekChain`) and its key from the keychain; no key: links are plain SHA-256, "not keyed". */
export interface ChainKeying {
  id: string;
  key: Buffer | null;
}

export interface ChainState {
  id: string;
  key: Buffer | null;
  /** null while not keyed. */
  keyedFrom: number | null;
}

/**
 * Opens the chain of a freshly migrated audit.db: its tables and triggers, its id, and the keying. `versionBefore` is
 * user_version before migrating: below 4, the records the file already held are sealed (keyed when the key is there).
 * With a key, only a chain with no link yet is keyed (from record 1); a chain that holds links is never keyed later.
 */
export function openChain(db: Db, versionBefore: number, chain: ChainKeying, now: Date): ChainState {
  db.raw.exec(CHAIN_SCHEMA);
  db.run("INSERT OR IGNORE INTO audit_meta (key, value) VALUES ('chain_id', ?)", chain.id || randomUUID());
  const id = metaValue(db, 'chain_id') as string;
  // A key looked up for another chain id (the file changed between the look-up and the open) is not this chain's key.
  let key = id === chain.id ? chain.key : null;
  if (key && keyedFromOf(db) === null) {
    // Only a chain with no link yet is keyed: keying one that holds records would vouch for links nobody checked.
    if (headLink(db)) key = null;
    else db.run("INSERT INTO audit_meta (key, value) VALUES ('keyed_from', '1')");
  }
  if (versionBefore < 4) sealEarlierRecords(db, key, now);
  return { id, key, keyedFrom: keyedFromOf(db) };
}

/** Writes a signed checkpoint of the chain as it is now, when keyed and when it grew since the last one. */
export function writeCheckpoint(db: Db, state: ChainState, now: Date): Checkpoint | null {
  if (!state.key) return null;
  const head = headLink(db);
  const records = head?.seq ?? 0;
  const last = storedCheckpoints(db).at(-1);
  if (last && last.records === records && last.chainId === state.id) return last;
  const unsigned = { chainId: state.id, records, head: head?.hash ?? '', at: now.toISOString() };
  const signature = checkpointSignature(state.key, unsigned);
  db.run(
    'INSERT INTO audit_checkpoints (chain_id, records, head, at, signature) VALUES (?, ?, ?, ?, ?)',
    state.id,
    records,
    unsigned.head,
    now.getTime(),
    signature,
  );
  return { ...unsigned, signature };
}

/** How often a keyed chain gets a signed checkpoint while records are written (also at every open and close). */
const CHECKPOINT_EVERY_MS = 3_600_000;

/** After a record: a checkpoint when the last one is an hour old (main's clock), or there is none. */
export function checkpointIfDue(db: Db, state: ChainState, now: Date): Checkpoint | null {
  const last = db.get<{ at: number }>('SELECT at FROM audit_checkpoints ORDER BY seq DESC LIMIT 1')?.at;
  if (last === undefined || now.getTime() - last >= CHECKPOINT_EVERY_MS) return writeCheckpoint(db, state, now);
  return null;
}
