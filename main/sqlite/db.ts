// SQLite through node:sqlite for the main process and the training service: pragmas, versioned migrations, transactions, cached statements.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

export type SqlValue = SQLInputValue;
export type Row = Record<string, SqlValue>;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export class Db {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  /** `synchronous: 'FULL'` where a committed write must survive a power cut (the outbox); NORMAL is WAL's safe default. */
  constructor(location: string, options: { synchronous?: 'NORMAL' | 'FULL' } = {}) {
    this.raw = new DatabaseSync(location);
    this.raw.exec('PRAGMA foreign_keys = ON');
    if (location !== ':memory:') this.raw.exec('PRAGMA journal_mode = WAL');
    this.raw.exec(`PRAGMA synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    this.raw.exec('PRAGMA busy_timeout = 5000');
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
