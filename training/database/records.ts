// Small helpers every domain of the training service uses to read and write records.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Db } from './db.ts';

let idSource: () => string = randomUUID;

/** A new record id: random, or drawn from the demo generator's seeded source while it builds data. */
export const newId = (): string => idSource();

/** Runs synchronous work with ids from `source` (the seeded demo generator), then restores random ids. */
export function withIdSource<T>(source: () => string, work: () => T): T {
  const previous = idSource;
  idSource = source;
  try {
    return work();
  } finally {
    idSource = previous;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A row's `doc` column: an object (checked; its fields are the table's own, written by this service). */
export const storedDoc = z.record(z.string(), z.unknown());

/** Parses a `doc` JSON column; a row always holds an object there (a `StoredJsonError` when it does not). */
export function docOf<T extends object = Record<string, unknown>>(row: { doc?: unknown }): T {
  return (typeof row.doc === 'string' ? parseStoredJson(storedDoc, row.doc, 'a stored record') : {}) as T;
}

/** SQLite stores booleans as 0/1; the contract wants true/false. */
export const bool = (value: unknown): boolean => value === 1 || value === true;
export const flag = (value: boolean | null | undefined): number => (value ? 1 : 0);

/** Drops keys whose value is undefined, so a partial update only touches what was sent. */
export function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The next number of a named counter (order numbers), inside the caller's transaction. */
export function nextCounter(db: Db, name: string, start: number): number {
  db.run(
    'INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + 1',
    name,
    start,
  );
  return (db.get<{ value: number }>('SELECT value FROM counters WHERE name = ?', name) as { value: number }).value;
}

const customers = new WeakMap<Db, string>();

/** The one customer (clinic) the training service serves; made once, kept, and read once per database (hot path). */
export function customerId(db: Db): string {
  const known = customers.get(db);
  if (known !== undefined) return known;
  const row = db.get<{ value: string }>("SELECT value FROM service_settings WHERE key = 'customer_id'");
  const id = row?.value ?? newId();
  if (!row) db.run("INSERT INTO service_settings (key, value) VALUES ('customer_id', ?)", id);
  customers.set(db, id);
  return id;
}
