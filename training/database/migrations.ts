// The bottom layer of the training service's database: runs the tables each area declares beside itself
// (`<area>-schema.ts`), grouped into versioned migrations. It imports no area: the composition (tables.ts) lists them.
import type { Migration } from './db.ts';

/** One area's share of a migration: its tables, indexes or triggers, applied with the other parts of its version. */
export interface SchemaPart {
  version: number;
  name: string;
  sql: string;
}

/**
 * One migration per version, its parts' SQL in the order given (a part may refer to tables of an earlier one).
 * A new version appends parts; a released version's parts are never edited, since databases already hold them.
 */
export function migrationsOf(parts: readonly SchemaPart[]): Migration[] {
  const byVersion = new Map<number, SchemaPart[]>();
  for (const part of parts) byVersion.set(part.version, [...(byVersion.get(part.version) ?? []), part]);
  return [...byVersion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, group]) => ({
      version,
      name: group.map((part) => part.name).join(', '),
      sql: group.map((part) => part.sql).join('\n'),
    }));
}
