// The database's own tables, shared by every area: the service's key/value settings (signing key, customer id, …) and
// the named counters (order numbers). Part of migration 1.
import type { SchemaPart } from './migrations.ts';
export const sharedTables: SchemaPart = {
  version: 1,
  name: 'service settings and counters',
  sql: `
CREATE TABLE service_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`,
};
