// What someone holding only a copy of the data folder can do to its audit.db, for the tests that check `npm run audit
// -- verify` names it: copy the folder and drop every trigger, delete the newest stop with its link, and recompute
// links the only way open without the key (plain SHA-256).
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Link, linkHash, recordHash } from '../../../main/audit/chain.ts';

/** `from` copied to `to`, and the copy's audit.db opened with every trigger dropped. */
export async function copyWithoutTriggers(from: string, to: string): Promise<{ dir: string; db: DatabaseSync }> {
  await cp(from, to, { recursive: true });
  const db = new DatabaseSync(join(to, 'audit.db'));
  const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[];
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  return { dir: to, db };
}

/** The newest hard stop and its link, gone. */
export function deleteNewestStop(db: DatabaseSync): void {
  const newest = db.prepare('SELECT id FROM verification_stops ORDER BY seq DESC LIMIT 1').get() as { id: string };
  db.prepare('DELETE FROM verification_stops WHERE id = ?').run(newest.id);
  db.prepare("DELETE FROM audit_chain WHERE record_table = 'verification_stops' AND record_id = ?").run(newest.id);
}

/** Every link from the `from`-th (1-based) on recomputed over the records as they now are, without the key. */
export function recomputeLinks(db: DatabaseSync, from = 1): Link[] {
  const links = db.prepare('SELECT * FROM audit_chain ORDER BY seq').all() as unknown as Link[];
  let prev = from > 1 ? (links[from - 2]?.hash as string) : '0'.repeat(64);
  for (const link of links.slice(from - 1)) {
    const row = db.prepare(`SELECT * FROM ${link.record_table} WHERE id = ?`).get(link.record_id) as never;
    const own = recordHash(link.record_table, row);
    const hash = linkHash(null, { ...link, prev_hash: prev, record_hash: own });
    db.prepare('UPDATE audit_chain SET record_hash = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
      own,
      prev,
      hash,
      link.seq,
    );
    prev = hash;
  }
  return links;
}
