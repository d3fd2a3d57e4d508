// The audit chain over a real SQLite file: records written before the chain are sealed once, in order; a record
// removed or slipped in by hand afterwards is named.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditRepository } from '../../../main/audit/audit-repository.ts';
import { checkChain, sealEarlierRecords } from '../../../main/audit/chain.ts';
import { auditMigrations } from '../../../main/audit/schema.ts';
import { Db } from '../../../main/kit/sqlite/db.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-chain-unit-'));
  dirs.push(dir);
  return dir;
};

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
  it('seals the records an older audit.db holds, oldest first, once', () => {
    const dir = dataDir();
    const old = new Db(join(dir, 'audit.db'));
    old.migrate(auditMigrations);
    old.run(HAND_INSERT, 'late', 2000);
    old.run(HAND_INSERT, 'early', 1000);
    old.close();
    const store = new AuditRepository(dir);
    expect(store.checkChain()).toEqual({ intact: true, records: 2 });
    const order = store.db.all<{ record_id: string }>('SELECT record_id FROM audit_chain ORDER BY seq');
    expect(order.map((r) => r.record_id)).toEqual(['early', 'late']);
    expect(sealEarlierRecords(store.db)).toBe(0);
    store.insertAdjustment(adjustment('next', 3000));
    expect(store.checkChain()).toEqual({ intact: true, records: 3 });
    store.close();
  });

  it('names a record slipped in by hand, which a restart does not seal', () => {
    const dir = dataDir();
    const store = new AuditRepository(dir);
    store.insertAdjustment(adjustment('a', 1000));
    store.db.run(HAND_INSERT, 'forged', 1500);
    store.close();
    const again = new AuditRepository(dir);
    expect(again.checkChain()).toMatchObject({
      intact: false,
      firstBad: { id: 'forged', problem: expect.stringContaining('not in the chain') },
    });
    again.close();
  });

  it('names a record whose row is gone', () => {
    const store = new AuditRepository(dataDir());
    store.insertAdjustment(adjustment('a', 1000));
    store.insertAdjustment(adjustment('b', 2000));
    store.db.raw.exec('DROP TRIGGER lot_adjustments_no_delete');
    store.db.run("DELETE FROM lot_adjustments WHERE id = 'a'");
    expect(checkChain(store.db)).toMatchObject({
      intact: false,
      firstBad: { seq: 1, id: 'a', problem: 'the record is gone' },
    });
    store.close();
  });
});
