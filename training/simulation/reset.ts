// Resetting the training data: every data table is emptied and the demo data set is rebuilt from a seed, in the caller's one transaction.

import type { Db } from '../database/db.ts';
import { type DemoSummary, seedDemoData } from '../demo/generator.ts';

/**
 * What a reset keeps. Decisions: the people who sign in (users) and the service's own settings — its signing key and
 * customer id, the simulation's clock, the webhook and email subscriptions and the webhook secret (set up once by
 * whoever runs the training, not part of the exercise) — and the fixed code tables (task codes, credentials, the risk
 * factor catalogue), and the users' badges (KEPT_ROWS_BY_RESET). Every other table is data and is emptied, so a table
 * a later issue adds is wiped by default.
 */
export const KEPT_BY_RESET: readonly string[] = [
  'users',
  'service_settings',
  'simulation_state',
  'webhook_subscriptions',
  'webhook_secrets',
  'email_subscriptions',
  'task_categories',
  'task_statuses',
  'credentials',
  'risk_factor_catalog',
];

/** Rows a reset keeps in a table it otherwise empties: a user's badge goes with the user. */
export const KEPT_ROWS_BY_RESET: Readonly<Record<string, string>> = {
  barcodes: "entity_type = 'user'",
};

interface TableEntry {
  schema: string;
  name: string;
  type: string;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Empties every table but the kept ones (and rows); answers the names of the emptied tables. Needs the caller's transaction. */
export function wipeTrainingData(db: Db): string[] {
  const tables = db
    .all<TableEntry>('PRAGMA table_list')
    .filter((t) => t.schema === 'main' && !t.name.startsWith('sqlite_') && !KEPT_BY_RESET.includes(t.name));
  // References between emptied tables are checked at commit, when both sides are gone (or rebuilt).
  db.raw.exec('PRAGMA defer_foreign_keys = ON');
  const wiped = tables.filter((t) => t.type === 'table').map((t) => t.name);
  // Triggers of one table may write another that was already emptied (a search queue): empty again until all stay so.
  for (let pass = 0; pass < 3; pass++) {
    let deleted = 0;
    for (const name of wiped) {
      const kept = KEPT_ROWS_BY_RESET[name];
      deleted += db.run(`DELETE FROM ${quoted(name)}${kept ? ` WHERE NOT (${kept})` : ''}`).changes;
    }
    if (deleted === 0) break;
  }
  // Full-text indexes: a contentless or external-content one is told to forget everything ('delete-all'), one that
  // keeps its own content is emptied like a table.
  for (const table of tables.filter((t) => t.type === 'virtual')) {
    try {
      db.raw.exec(`INSERT INTO ${quoted(table.name)} (${quoted(table.name)}) VALUES ('delete-all')`);
    } catch {
      db.raw.exec(`DELETE FROM ${quoted(table.name)}`);
    }
  }
  if (db.get("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'")) {
    for (const name of wiped) db.run('DELETE FROM sqlite_sequence WHERE name = ?', name);
  }
  return wiped.sort();
}

export interface ResetResult extends DemoSummary {
  seed: number;
  tables_wiped: string[];
}

/** Wipes the data and rebuilds the demo data set: the same seed and size build the same records (ids, numbers, names). */
export function resetTrainingData(db: Db, options: { seed: number; orders: number; now: Date }): ResetResult {
  return db.transaction(() => {
    const tablesWiped = wipeTrainingData(db);
    const summary = seedDemoData(db, options);
    return { seed: options.seed, ...summary, tables_wiped: tablesWiped };
  });
}
