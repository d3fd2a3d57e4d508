// The audit log's hash chain: every record, of whatever kind, gets one link carrying its own hash and the previous
// link's. From the record where the chain is keyed on, each link is an HMAC-SHA-256 under a key kept in the OS
// keychain, so someone holding only the data folder cannot recompute the links after changing or removing a record.
import { createHash, createHmac } from 'node:crypto';
import type { Db, SqlValue } from '../../kits/sqlite/db.ts';

/** The tables whose records the chain covers, in the order a first sealing takes them. */
export const CHAINED_TABLES = [
  'verifications',
  'verification_stops',
  'lot_adjustments',
  'review_decisions',
  'print_records',
  'order_interruptions',
  'refused_confirmations',
  'setting_changes',
  'unkeyed_acknowledgements',
  'final_checks',
] as const;
export type ChainedTable = (typeof CHAINED_TABLES)[number];

export const GENESIS = '0'.repeat(64);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface Link {
  seq: number;
  record_table: ChainedTable;
  record_id: string;
  recorded_at: number;
  record_hash: string;
  prev_hash: string;
  hash: string;
}

/**
 * Columns added to a chained table after records were already written to it (a later migration): hashed only when they
 * hold a value, so a record written before the column existed keeps its hash after the upgrade (SELECT * now shows it
 * with NULL). A new column of a chained table is listed here in the same commit as its migration.
 */
export const LATER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  print_records: ['content_hash', 'lots', 'awaiting_final_check'],
  verifications: ['went_offline', 'order_patient_id', 'order_prescriptions'],
};

/** A record's own hash: every column with its name, in sorted order, the table's name first (whatever the columns are). */
export function recordHash(table: string, row: Record<string, SqlValue>): string {
  const later = LATER_COLUMNS[table] ?? [];
  const columns = Object.keys(row)
    .filter((key) => !(row[key] === null && later.includes(key)))
    .sort()
    .map((key) => [key, typeof row[key] === 'bigint' ? String(row[key]) : row[key]]);
  return sha256(JSON.stringify([table, columns]));
}

/**
 * A link's hash over the previous link, its place, the record's table, id and own hash: HMAC-SHA-256 under the chain's
 * key, or plain SHA-256 for links written without one (before the chain was keyed, or a run with no keychain).
 */
export function linkHash(
  key: Buffer | null,
  link: Pick<Link, 'prev_hash' | 'seq' | 'record_table' | 'record_id' | 'record_hash'>,
): string {
  const text = `${link.prev_hash}\n${link.seq}\n${link.record_table}\n${link.record_id}\n${link.record_hash}`;
  return key ? createHmac('sha256', key).update(text, 'utf8').digest('hex') : sha256(text);
}

/** A file verified before a later migration ran (read only) lacks that migration's table: nothing of it to walk. */
function tableExists(db: Db, table: string): boolean {
  return db.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table) !== undefined;
}

function rowOf(db: Db, table: ChainedTable, id: string): Record<string, SqlValue> | undefined {
  return db.get<Record<string, SqlValue>>(`SELECT * FROM ${table} WHERE id = ?`, id);
}

/** The newest link, if any. */
export function headLink(db: Db): Link | undefined {
  return db.get<Link>('SELECT * FROM audit_chain ORDER BY seq DESC LIMIT 1');
}

/** Adds the link of one record just written (call inside the transaction that wrote it), keyed when `key` is given. */
export function appendLink(db: Db, table: ChainedTable, id: string, key: Buffer | null): void {
  const row = rowOf(db, table, id);
  if (!row) throw new Error(`no ${table} record ${id} to chain`);
  const last = headLink(db);
  const link = {
    seq: (last?.seq ?? 0) + 1,
    record_table: table,
    record_id: id,
    record_hash: recordHash(table, row),
    prev_hash: last?.hash ?? GENESIS,
  };
  db.run(
    'INSERT INTO audit_chain (seq, record_table, record_id, recorded_at, record_hash, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    link.seq,
    table,
    id,
    Number(row.recorded_at),
    link.record_hash,
    link.prev_hash,
    linkHash(key, link),
  );
}

/**
 * Links the records an audit.db held before the chain existed, oldest first. Called only by the start that upgrades
 * the file to the chain (user_version below 4 before migrating), never afterwards: deleting the chain and audit_meta
 * does not get the records sealed again, and a row slipped in by hand later shows as outside the chain.
 */
export function sealEarlierRecords(db: Db, key: Buffer | null, startedAt: Date): number {
  return db.transaction(() => {
    const earlier = CHAINED_TABLES.flatMap((table) =>
      db
        .all<{ id: string; recorded_at: number; seq: number }>(`SELECT id, recorded_at, seq FROM ${table}`)
        .map((row) => ({ table, ...row })),
    ).sort((a, b) => a.recorded_at - b.recorded_at || a.seq - b.seq);
    for (const record of earlier) appendLink(db, record.table, record.id, key);
    db.run("INSERT OR IGNORE INTO audit_meta (key, value) VALUES ('chain_started', ?)", startedAt.toISOString());
    return earlier.length;
  });
}

export interface BadLink {
  seq: number;
  table: string;
  id: string;
  problem: string;
}

export type ChainCheck = { intact: true; records: number } | { intact: false; records: number; firstBad: BadLink };

/**
 * Walks the chain from the first link: each record as stored must hash as it did, each link follow the one before and
 * hash as written, under `key` from link `keyedFrom` on (plain SHA-256 before it); then every record must be in it.
 */
export function checkChain(db: Db, key: Buffer | null = null, keyedFrom: number | null = null): ChainCheck {
  const links = db.all<Link>('SELECT * FROM audit_chain ORDER BY seq');
  let prev = GENESIS;
  let expectedSeq = 1;
  const bad = (link: Pick<Link, 'seq' | 'record_table' | 'record_id'>, problem: string): ChainCheck => ({
    intact: false,
    records: links.length,
    firstBad: { seq: link.seq, table: link.record_table, id: link.record_id, problem },
  });
  for (const link of links) {
    if (link.seq !== expectedSeq) return bad(link, `link ${expectedSeq} is missing before it`);
    if (link.prev_hash !== prev) return bad(link, 'does not follow the link before it');
    const row = rowOf(db, link.record_table, link.record_id);
    if (!row) return bad(link, 'the record is gone');
    if (recordHash(link.record_table, row) !== link.record_hash)
      return bad(link, 'the record was changed after it was written');
    const keyed = key !== null && keyedFrom !== null && link.seq >= keyedFrom;
    if (linkHash(keyed ? key : null, link) !== link.hash) {
      const unkeyed = keyed && linkHash(null, link) === link.hash;
      return bad(
        link,
        unkeyed
          ? 'the link was written without the key (recomputed by hand, or a run without the keychain)'
          : 'the link itself was changed',
      );
    }
    prev = link.hash;
    expectedSeq++;
  }
  const chained = new Set(links.map((link) => `${link.record_table}\n${link.record_id}`));
  for (const table of CHAINED_TABLES.filter((name) => tableExists(db, name))) {
    for (const { id, seq } of db.all<{ id: string; seq: number }>(`SELECT id, seq FROM ${table} ORDER BY seq`)) {
      if (!chained.has(`${table}\n${id}`)) {
        return {
          intact: false,
          records: links.length,
          firstBad: { seq, table, id, problem: 'the record is not in the chain (added by hand)' },
        };
      }
    }
  }
  return { intact: true, records: links.length };
}
