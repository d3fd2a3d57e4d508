// Migration 8 widens the kinds of hard stop (a product that is not the prescribed drug) by rebuilding the table of
// stops: every stop an older file holds is kept as it was (seq, id, values), the hash chain over them still holds, and
// the table is append-only again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Db } from '../../../kits/sqlite/db.ts';
import { AuditRepository, type NewStop } from '../../../main/audit/audit-repository.ts';
import { auditMigrations } from '../../../main/audit/schema.ts';
import { interruptionMigration } from '../../../main/audit/schema-interruptions.ts';
import { printContentMigration, printMigration } from '../../../main/audit/schema-print.ts';
import { safetyMigration } from '../../../main/audit/schema-safety.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-stop-kinds-'));
  dirs.push(dir);
  return dir;
};

const stop = (id: string, kind: NewStop['kind'], at: number): NewStop => ({
  id,
  service_id: 'training',
  order_id: 'order-1',
  order_number: '1000144',
  code: 'RX-0001',
  entry: 'scanner',
  quantity: 1,
  matched_by: 'sku',
  product_id: 'product-1',
  lot_id: null,
  lot: null,
  expiry: null,
  kind,
  reason: 'removed',
  note: 'Taken out of the package',
  task_ref: null,
  user_id: null,
  user_email: 'technician@training.local',
  user_name: null,
  recorded_at: at,
  approved_by_id: null,
  approved_by_email: null,
  approved_by_name: null,
});

describe('the stops of an older audit.db', () => {
  it('a file at version 7 keeps every stop, refuses the new kind before and takes it after', () => {
    const dir = dataDir();
    const old = new Db(join(dir, 'audit.db'));
    old.migrate([...auditMigrations, safetyMigration, printMigration, printContentMigration, interruptionMigration]);
    const insert = `INSERT INTO verification_stops (id, service_id, order_id, code, entry, quantity, kind, reason, note,
      user_email, recorded_at) VALUES (?, 'training', 'order-1', 'RX-0001', 'scanner', 1, ?, 'removed', 'x', 'a@b.c', ?)`;
    old.run(insert, 'kept', 'not_on_order', 1000);
    expect(() => old.run(insert, 'refused', 'not_prescribed', 1500)).toThrow(/CHECK/);
    old.close();
    const store = new AuditRepository(dir);
    expect(store.db.all('SELECT seq, id, kind, recorded_at FROM verification_stops')).toEqual([
      { seq: 1, id: 'kept', kind: 'not_on_order', recorded_at: 1000 },
    ]);
    store.insertStop(stop('new', 'not_prescribed', 2000));
    expect(
      store.db.all<{ kind: string }>('SELECT kind FROM verification_stops ORDER BY seq').map((r) => r.kind),
    ).toEqual(['not_on_order', 'not_prescribed']);
    expect(() => store.db.run("UPDATE verification_stops SET note = 'changed'")).toThrow(/append-only/);
    expect(() => store.db.run('DELETE FROM verification_stops')).toThrow(/append-only/);
    store.close();
  });

  it('the rebuild keeps chained stops as they were: the chain still holds over them', () => {
    const dir = dataDir();
    const first = new AuditRepository(dir);
    first.insertStop(stop('a', 'too_many', 1000));
    first.insertStop(stop('b', 'expired_lot', 2000));
    expect(first.checkChain()).toEqual({ intact: true, records: 2 });
    // As a file written before migration 8 (and 9 to 16): the rebuild runs over chained rows.
    first.db.run('PRAGMA user_version = 7');
    first.db.run('DROP TABLE refused_confirmations');
    first.db.run('DROP TABLE setting_changes');
    first.db.run('DROP TABLE unkeyed_acknowledgements');
    first.db.run('DROP TABLE final_checks');
    first.db.run('ALTER TABLE print_records DROP COLUMN lots');
    first.db.run('ALTER TABLE print_records DROP COLUMN awaiting_final_check');
    for (const column of ['went_offline', 'order_patient_id', 'order_prescriptions']) {
      first.db.run(`ALTER TABLE verifications DROP COLUMN ${column}`);
    }
    first.close();
    const store = new AuditRepository(dir);
    expect(store.checkChain()).toEqual({ intact: true, records: 2 });
    store.insertStop(stop('c', 'not_prescribed', 3000));
    store.insertStop(stop('d', 'recalled_lot', 4000));
    expect(store.checkChain()).toEqual({ intact: true, records: 4 });
    store.close();
  });
});
