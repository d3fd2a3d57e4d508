// The audit log's hash chain: every record, of whatever kind, gets one link carrying its own hash and the previous
// link's, so a record changed, removed or slipped in by hand after it was written shows when the chain is checked.
import { createHash } from 'node:crypto';
import type { Db, SqlValue } from '../kit/sqlite/db.ts';

/** The tables whose records the chain covers, in the order a first sealing takes them. */
export const CHAINED_TABLES = [
  'verifications',
  'verification_stops',
  'lot_adjustments',
  'review_decisions',
  'print_records',
  'order_interruptions',
] as const;
export type ChainedTable = (typeof CHAINED_TABLES)[number];

const GENESIS = '0'.repeat(64);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Link {
  seq: number;
  record_table: ChainedTable;
  record_id: string;
  recorded_at: number;
  record_hash: string;
  prev_hash: string;
  hash: string;
}

/** A record's own hash: every column with its name, in sorted order, the table's name first. */
export function recordHash(table: string, row: Record<string, SqlValue>): string {
  const columns = Object.keys(row)
    .sort()
    .map((key) => [key, typeof row[key] === 'bigint' ? String(row[key]) : row[key]]);
  return sha256(JSON.stringify([table, columns]));
}

const linkHash = (prev: string, seq: number, table: string, id: string, own: string) =>
  sha256(`${prev}\n${seq}\n${table}\n${id}\n${own}`);

function rowOf(db: Db, table: ChainedTable, id: string): Record<string, SqlValue> | undefined {
  return db.get<Record<string, SqlValue>>(`SELECT * FROM ${table} WHERE id = ?`, id);
}

/** Adds the link of one record just written (call inside the transaction that wrote it). */
export function appendLink(db: Db, table: ChainedTable, id: string): void {
  const row = rowOf(db, table, id);
  if (!row) throw new Error(`no ${table} record ${id} to chain`);
  const last = db.get<Pick<Link, 'seq' | 'hash'>>('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1');
  const seq = (last?.seq ?? 0) + 1;
  const prev = last?.hash ?? GENESIS;
  const own = recordHash(table, row);
  db.run(
    'INSERT INTO audit_chain (seq, record_table, record_id, recorded_at, record_hash, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    seq,
    table,
    id,
    Number(row.recorded_at),
    own,
    prev,
    linkHash(prev, seq, table, id, own),
  );
}

/**
 * Once, when the chain is new: links the records written before it existed, oldest first. Never again afterwards,
 * so a row slipped in by hand later is not sealed by the next start but shows as outside the chain.
 */
export function sealEarlierRecords(db: Db): number {
  if (db.get("SELECT 1 FROM audit_meta WHERE key = 'chain_started'")) return 0;
  return db.transaction(() => {
    const earlier = CHAINED_TABLES.flatMap((table) =>
      db
        .all<{ id: string; recorded_at: number; seq: number }>(`SELECT id, recorded_at, seq FROM ${table}`)
        .map((row) => ({ table, ...row })),
    ).sort((a, b) => a.recorded_at - b.recorded_at || a.seq - b.seq);
    for (const record of earlier) appendLink(db, record.table, record.id);
    db.run("INSERT INTO audit_meta (key, value) VALUES ('chain_started', ?)", new Date().toISOString());
    return earlier.length;
  });
}

export type ChainCheck =
  | { intact: true; records: number }
  | { intact: false; records: number; firstBad: { seq: number; table: string; id: string; problem: string } };

/** Walks the chain from the first link: each record as stored must hash as it did, each link follow the one before. */
export function checkChain(db: Db): ChainCheck {
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
    if (linkHash(prev, link.seq, link.record_table, link.record_id, link.record_hash) !== link.hash) {
      return bad(link, 'the link itself was changed');
    }
    prev = link.hash;
    expectedSeq++;
  }
  const chained = new Set(links.map((link) => `${link.record_table}\n${link.record_id}`));
  for (const table of CHAINED_TABLES) {
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
