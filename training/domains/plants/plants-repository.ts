// Plants of the sample plant interface in the training store: list, add (the caller picks the int64 id), delete.
import type { Db } from '../../database/db.ts';

export interface PlantRow {
  id: number;
  name: string;
  tag: string | null;
  created_at: string;
}

/**
 * A plant as answered. Decision: the id is included beside the spec's Plant fields (name, tag) — the response is
 * loose, and without it a caller could not tell which plant to delete.
 */
export function plantView(row: Pick<PlantRow, 'id' | 'name' | 'tag'>) {
  return { id: row.id, name: row.name, ...(row.tag === null ? {} : { tag: row.tag }) };
}

/** At most `limit` plants (all of them without one), by id. */
export function listPlants(db: Db, limit: number | undefined): PlantRow[] {
  return db.all<PlantRow>('SELECT * FROM plants ORDER BY id LIMIT ?', limit ?? -1);
}

export function plantById(db: Db, id: number): PlantRow | undefined {
  return db.get<PlantRow>('SELECT * FROM plants WHERE id = ?', id);
}

export function insertPlant(
  db: Db,
  plant: { id: number; name: string; tag?: string | undefined },
  now: Date,
): PlantRow {
  db.run(
    'INSERT INTO plants (id, name, tag, created_at) VALUES (?, ?, ?, ?)',
    plant.id,
    plant.name,
    plant.tag ?? null,
    now.toISOString(),
  );
  return plantById(db, plant.id) as PlantRow;
}

export function deletePlant(db: Db, id: number): boolean {
  return db.run('DELETE FROM plants WHERE id = ?', id).changes > 0;
}
