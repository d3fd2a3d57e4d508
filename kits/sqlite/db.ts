// SQLite through node:sqlite for the main process and the training service: pragmas, versioned migrations, transactions, cached statements.
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

export type SqlValue = SQLInputValue;
export type Row = Record<string, SqlValue>;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export interface DbOptions {
  /** `FULL` where a committed write must survive a power cut (the station's files); NORMAL is WAL's safe default. */
  synchronous?: 'NORMAL' | 'FULL';
  /** The OS (`process.platform` by default); tests pass another to check what each platform gets. */
  platform?: NodeJS.Platform;
}

/** The files of one database: SQLite gives the WAL and shared-memory files the main file's mode when it makes them. */
const FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

/**
 * The pragmas a database opens with. On macOS fsync() does not reach the disk's platters, so WAL with synchronous FULL
 * is durable only with F_FULLFSYNC: `fullfsync` for commits, `checkpoint_fullfsync` for checkpoints.
 */
export function openingPragmas(inMemory: boolean, options: DbOptions = {}): string[] {
  const full = options.synchronous === 'FULL';
  const darwin = (options.platform ?? process.platform) === 'darwin';
  return [
    'PRAGMA foreign_keys = ON',
    ...(inMemory ? [] : ['PRAGMA journal_mode = WAL']),
    `PRAGMA synchronous = ${full ? 'FULL' : 'NORMAL'}`,
    ...(full && darwin && !inMemory ? ['PRAGMA fullfsync = ON', 'PRAGMA checkpoint_fullfsync = ON'] : []),
    'PRAGMA busy_timeout = 5000',
  ];
}

/**
 * Makes the database file (if new) readable by its owner only, and tightens an existing one and its companions: they
 * hold task text that may name patients. Run on every open, so files made 0644 by an older build are mended.
 */
function keepPrivate(location: string): void {
  if (!existsSync(location)) closeSync(openSync(location, 'a', 0o600));
  for (const suffix of FILE_SUFFIXES) {
    const file = `${location}${suffix}`;
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

export class Db {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  constructor(location: string, options: DbOptions = {}) {
    const inMemory = location === ':memory:';
    if (!inMemory) keepPrivate(location);
    this.raw = new DatabaseSync(location);
    for (const pragma of openingPragmas(inMemory, options)) this.raw.exec(pragma);
  }

  /** A prepared statement, cached by its text: the hot paths prepare nothing twice. */
  statement(sql: string): StatementSync {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.raw.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  all<T = Row>(sql: string, ...params: SqlValue[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T = Row>(sql: string, ...params: SqlValue[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  run(sql: string, ...params: SqlValue[]): { changes: number; lastInsertRowid: number } {
    const result = this.statement(sql).run(...params);
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /** Runs `work` in one transaction (nested calls join the outer one); any throw rolls everything back. */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.raw.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const result = work();
      this.raw.exec('COMMIT');
      return result;
    } catch (error) {
      this.raw.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
    }
  }

  /** Applies the migrations newer than the database's user_version, each in its own transaction. */
  migrate(migrations: readonly Migration[]): number {
    const current = Number((this.raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current);
    for (const migration of pending) {
      this.transaction(() => {
        this.raw.exec(migration.sql);
        this.raw.exec(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
      });
    }
    return pending.at(-1)?.version ?? current;
  }

  close(): void {
    this.statements.clear();
    this.raw.close();
  }
}
