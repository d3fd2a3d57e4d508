// The training database is built from the parts each area declares beside itself, grouped into versioned migrations.
import { describe, expect, it } from 'vitest';
import { Db } from '../../../training/database/db.ts';
import { migrationsOf } from '../../../training/database/migrations.ts';
import { migrations, schemaParts } from '../../../training/tables.ts';

describe('the training database migrations', () => {
  it('group the parts by version, in version order, each version’s parts in the order listed', () => {
    const grouped = migrationsOf([
      { version: 2, name: 'b', sql: 'CREATE TABLE b (x);' },
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x);' },
      { version: 2, name: 'c', sql: 'CREATE TABLE c (x);' },
    ]);
    expect(grouped).toEqual([
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x);' },
      { version: 2, name: 'b, c', sql: 'CREATE TABLE b (x);\nCREATE TABLE c (x);' },
    ]);
  });

  it('are the six released versions (6: orders open in a run at a station), and every table is declared by exactly one part', () => {
    expect(migrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6]);
    const declared = schemaParts.flatMap((part) =>
      [...part.sql.matchAll(/CREATE (?:VIRTUAL )?TABLE (\w+)/g)].map((m) => m[1]),
    );
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('build a fresh database with every area’s tables, at the newest version', () => {
    const db = new Db(':memory:');
    try {
      expect(db.migrate(migrations)).toBe(6);
      const tables = db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((t) => t.name);
      for (const table of [
        'service_settings',
        'users',
        'idempotency_keys',
        'patients',
        'prescribers',
        'products',
        'inventory_lots',
        'orders',
        'prescriptions',
        'tasks',
        'search_documents',
        'webhook_deliveries',
        'barcodes',
        'plants',
        'simulation_state',
        'simulation_open_runs',
      ]) {
        expect(tables, table).toContain(table);
      }
    } finally {
      db.close();
    }
  });
});
