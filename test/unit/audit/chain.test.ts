// The audit chain over a real SQLite file: records written before the chain are sealed once, in order; a record
// removed or slipped in by hand afterwards is named; keyed links are HMAC-SHA-256 (a known answer pins the value), and
// a link or record rewritten without the key is named.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Db } from '../../../kits/sqlite/db.ts';
import { AuditRepository } from '../../../main/audit/audit-repository.ts';
import { checkChain, GENESIS, LATER_COLUMNS, type Link, linkHash, recordHash } from '../../../main/audit/chain.ts';
import { peekChain } from '../../../main/audit/chain-key.ts';
import { auditMigrations } from '../../../main/audit/schema.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-chain-unit-'));
  dirs.push(dir);
  return dir;
};
const KEY = Buffer.alloc(32, 7);
const keyed = { id: 'chain-1', key: KEY };

const adjustment = (id: string, at: number) => ({
  id,
  service_id: 'training',
  lot_id: 'lot-1',
  product_id: null,
  batch_number: null,
  quantity_change: -1,
  quantity_before: null,
  quantity_after: null,
  reason: 'Damaged',
  user_id: null,
  user_email: 'admin@training.local',
  user_name: null,
  recorded_at: at,
});

const HAND_INSERT = `INSERT INTO lot_adjustments (id, service_id, lot_id, quantity_change, reason, user_email, recorded_at)
  VALUES (?, 'training', 'lot-1', -1, 'x', 'a@b.c', ?)`;

describe('the audit hash chain', () => {
  it('pins a keyed link: HMAC-SHA-256 under the key over the previous link, place, table, id and record hash', () => {
    const own = recordHash('lot_adjustments', { id: 'adj-1', recorded_at: 1000 });
    // sha256 of ["lot_adjustments",[["id","adj-1"],["recorded_at",1000]]], checked with sha256sum
    expect(own).toBe('560550cd7228972cf6f4d20951871958baf5364194f472638847d469b6aff03f');
    const link = { prev_hash: GENESIS, seq: 1, record_table: 'lot_adjustments', record_id: 'adj-1', record_hash: own };
    // checked with `openssl dgst -sha256 -mac HMAC -macopt hexkey:0707…07` over the same five lines
    expect(linkHash(KEY, link as Link)).toBe('40aceec2d4e7795f837b3656d5e39e255a0769e71329f1a93c54b77059a583a3');
    expect(linkHash(KEY, { ...link, prev_hash: 'f'.repeat(64) } as Link)).not.toBe(linkHash(KEY, link as Link));
    expect(linkHash(null, link as Link)).not.toBe(linkHash(KEY, link as Link));
  });

  it('seals the records an older audit.db holds, oldest first, once, keyed from the first', () => {
    const dir = dataDir();
    const old = new Db(join(dir, 'audit.db'));
    old.migrate(auditMigrations);
    old.run(HAND_INSERT, 'late', 2000);
    old.run(HAND_INSERT, 'early', 1000);
    old.close();
    const store = new AuditRepository(dir, keyed);
    expect(store.chain.keyedFrom).toBe(1);
    expect(store.checkChain()).toEqual({ intact: true, records: 2 });
    const order = store.db.all<{ record_id: string }>('SELECT record_id FROM audit_chain ORDER BY seq');
    expect(order.map((r) => r.record_id)).toEqual(['early', 'late']);
    store.insertAdjustment(adjustment('next', 3000));
    expect(store.checkChain()).toEqual({ intact: true, records: 3 });
    store.close();
  });

  it('never keys a chain that already holds records: given its key later, it goes on unkeyed, every record kept', () => {
    const dir = dataDir();
    const unkeyed = new AuditRepository(dir);
    unkeyed.insertAdjustment(adjustment('a', 1000));
    unkeyed.insertAdjustment(adjustment('b', 2000));
    expect(unkeyed.chain.keyedFrom).toBeNull();
    unkeyed.close();
    const store = new AuditRepository(dir, { id: peekChain(dir).chainId ?? '', key: KEY });
    store.insertAdjustment(adjustment('c', 3000));
    expect(store.chain).toMatchObject({ key: null, keyedFrom: null });
    expect(checkChain(store.db)).toEqual({ intact: true, records: 3 });
    store.close();
  });

  it('does not seal again when the chain and audit_meta are deleted by hand: the records show as outside it', () => {
    const dir = dataDir();
    const store = new AuditRepository(dir, keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.db.raw.exec(
      'DROP TRIGGER audit_chain_no_delete; DROP TRIGGER audit_meta_no_delete; DELETE FROM audit_chain;',
    );
    store.db.raw.exec('DELETE FROM audit_meta');
    store.close();
    const again = new AuditRepository(dir, { id: 'chain-2', key: KEY });
    expect(again.checkChain()).toMatchObject({
      intact: false,
      firstBad: { id: 'a', problem: expect.stringContaining('not in the chain') },
    });
    again.close();
  });

  it('starts, and names every record as outside the chain, when the chain’s tables were dropped by hand', () => {
    const dir = dataDir();
    const store = new AuditRepository(dir, keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.db.raw.exec('DROP TABLE audit_chain; DROP TABLE audit_meta; DROP TABLE audit_checkpoints');
    store.db.close();
    const again = new AuditRepository(dir, keyed);
    expect(again.checkChain()).toMatchObject({
      intact: false,
      records: 0,
      firstBad: { id: 'a', problem: 'the record is not in the chain (added by hand)' },
    });
    again.insertAdjustment(adjustment('b', 2000));
    expect(again.checkChain()).toMatchObject({ intact: false, firstBad: { id: 'a' } });
    again.close();
  });

  it('puts back at the next start the append-only triggers dropped by hand, the chain’s own tables included', () => {
    const dir = dataDir();
    const store = new AuditRepository(dir, keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.db.raw.exec('DROP TRIGGER audit_meta_no_delete; DROP TRIGGER audit_checkpoints_no_update');
    store.db.raw.exec('DROP TRIGGER audit_chain_no_update; DROP TRIGGER lot_adjustments_no_delete');
    store.close();
    const again = new AuditRepository(dir, keyed);
    expect(() => again.db.run('DELETE FROM audit_meta')).toThrow(/append-only/);
    expect(() => again.db.run('UPDATE audit_checkpoints SET records = 0')).toThrow(/append-only/);
    expect(() => again.db.run('UPDATE audit_chain SET hash = hash')).toThrow(/append-only/);
    expect(() => again.db.run('DELETE FROM lot_adjustments')).toThrow(/append-only/);
    again.close();
  });

  it('names a record slipped in by hand, which a restart does not seal', () => {
    const dir = dataDir();
    const store = new AuditRepository(dir, keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.db.run(HAND_INSERT, 'forged', 1500);
    store.close();
    const again = new AuditRepository(dir, keyed);
    expect(again.checkChain()).toMatchObject({
      intact: false,
      firstBad: { id: 'forged', problem: expect.stringContaining('not in the chain') },
    });
    again.close();
  });

  it('names a record whose row is gone', () => {
    const store = new AuditRepository(dataDir(), keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.insertAdjustment(adjustment('b', 2000));
    store.db.raw.exec('DROP TRIGGER lot_adjustments_no_delete');
    store.db.run("DELETE FROM lot_adjustments WHERE id = 'a'");
    expect(store.checkChain()).toMatchObject({
      intact: false,
      firstBad: { seq: 1, id: 'a', problem: 'the record is gone' },
    });
    store.close();
  });

  it('names the newest link whose hash alone was changed (nothing after it would show it)', () => {
    const store = new AuditRepository(dataDir(), keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.insertAdjustment(adjustment('b', 2000));
    store.db.raw.exec('DROP TRIGGER audit_chain_no_update');
    store.db.run('UPDATE audit_chain SET hash = ? WHERE seq = 2', 'e'.repeat(64));
    expect(store.checkChain()).toMatchObject({
      intact: false,
      firstBad: { seq: 2, id: 'b', problem: 'the link itself was changed' },
    });
    store.close();
  });

  it('names a record rewritten with its link recomputed the old way (plain SHA-256, without the key)', () => {
    const store = new AuditRepository(dataDir(), keyed);
    store.insertAdjustment(adjustment('a', 1000));
    store.insertAdjustment(adjustment('b', 2000));
    store.db.raw.exec('DROP TRIGGER lot_adjustments_no_update; DROP TRIGGER audit_chain_no_update');
    store.db.run("UPDATE lot_adjustments SET user_email = 'someone@else.example' WHERE id = 'b'");
    const row = store.db.get<Record<string, never>>("SELECT * FROM lot_adjustments WHERE id = 'b'") ?? {};
    const link = store.db.get<Link>('SELECT * FROM audit_chain WHERE seq = 2') as Link;
    const own = recordHash('lot_adjustments', row);
    store.db.run(
      'UPDATE audit_chain SET record_hash = ?, hash = ? WHERE seq = 2',
      own,
      linkHash(null, { ...link, record_hash: own }),
    );
    expect(store.checkChain()).toMatchObject({
      intact: false,
      firstBad: { seq: 2, id: 'b', problem: expect.stringContaining('written without the key') },
    });
    store.close();
  });

  it('keeps the hash of a record written before a later column existed (NULL there counts as absent)', () => {
    // A print record of the last release, as SELECT * showed it then and shows it after content_hash was added.
    const before = { id: 'p-1', kind: 'packing_slip', subject: 'o-1', copy: 1, recorded_at: 1000 };
    const after = { ...before, content_hash: null };
    expect(recordHash('print_records', after)).toBe(recordHash('print_records', before));
    expect(recordHash('print_records', { ...before, content_hash: 'a'.repeat(64) })).not.toBe(
      recordHash('print_records', before),
    );
    // Only a listed later column: any other NULL column is part of the record (a NULL task_ref is not "no task_ref").
    expect(recordHash('verifications', { id: 'v', task_ref: null })).not.toBe(recordHash('verifications', { id: 'v' }));
    expect(LATER_COLUMNS.print_records).toContain('content_hash');
    // A verification of an earlier release keeps its hash once migration 10 adds what main's run read (NULL there).
    const verification = { id: 'v-1', order_id: 'o-1', outcome: 'verified', recorded_at: 1000 };
    const upgraded = { ...verification, went_offline: null, order_patient_id: null, order_prescriptions: null };
    expect(recordHash('verifications', upgraded)).toBe(recordHash('verifications', verification));
    expect(recordHash('verifications', { ...upgraded, went_offline: 1 })).not.toBe(
      recordHash('verifications', { ...upgraded, went_offline: 0 }),
    );
  });
});
