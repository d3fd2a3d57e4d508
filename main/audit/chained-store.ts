// The chain's storage under the audit log: audit.db opened FULL and migrated, the chain's state and key, each record
// written with its link in one transaction, signed checkpoints and who hears of them, the newest rows of a table, and
// the chain's own check. What each record kind is lives above it, in AuditRepository (audit-repository.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Db, type Migration } from '../../kits/sqlite/db.ts';
import { appendLink, type ChainCheck, type ChainedTable, checkChain } from './chain.ts';
import {
  type ChainKeying,
  type ChainState,
  type Checkpoint,
  checkpointIfDue,
  latestCheckpoint,
  openChain,
  writeCheckpoint,
} from './chain-state.ts';
import { checkpointProblemOf } from './checkpoint-check.ts';

export class ChainedStore {
  readonly db: Db;
  readonly chain: ChainState;
  private readonly now: () => Date;
  private readonly checkpointListeners = new Set<(checkpoint: Checkpoint) => void>();

  constructor(dataDir: string, migrations: readonly Migration[], keying: ChainKeying, now: () => Date) {
    mkdirSync(dataDir, { recursive: true });
    this.now = now;
    // FULL: a verification the person was told is recorded must survive a power cut.
    this.db = new Db(join(dataDir, 'audit.db'), { synchronous: 'FULL' });
    const versionBefore = Number(this.db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
    this.db.migrate(migrations);
    this.chain = openChain(this.db, versionBefore, keying, now());
    this.checkpoint();
  }

  /** Writes a signed checkpoint now (keyed chains only; none when nothing was added since the last). */
  checkpoint(): Checkpoint | null {
    const written = this.db.transaction(() => writeCheckpoint(this.db, this.chain, this.now()));
    this.tell(written);
    return written;
  }

  /** Who hears of each checkpoint once it is stored (the pharmacy's stream takes a copy, main/events). */
  onCheckpoint(listener: (checkpoint: Checkpoint) => void): () => void {
    this.checkpointListeners.add(listener);
    return () => this.checkpointListeners.delete(listener);
  }

  latestCheckpoint(): Checkpoint | null {
    return latestCheckpoint(this.db);
  }

  private tell(checkpoint: Checkpoint | null): void {
    if (!checkpoint) return;
    for (const listener of [...this.checkpointListeners]) {
      try {
        listener(checkpoint);
      } catch {
        // A listener's trouble never undoes or blocks what the audit log kept.
      }
    }
  }

  /** Writes one record and its link in the chain in one transaction: neither is ever kept without the other. */
  protected chained<T>(table: ChainedTable, id: string, write: () => void): T {
    let due: Checkpoint | null = null;
    const row = this.db.transaction(() => {
      write();
      appendLink(this.db, table, id, this.chain.key);
      due = checkpointIfDue(this.db, this.chain, this.now());
      return this.db.get<T>(`SELECT * FROM ${table} WHERE id = ?`, id) as T;
    });
    this.tell(due);
    return row;
  }

  /** Writes `row`'s `columns` into `table` as one chained record. */
  chainedInsert<T>(table: ChainedTable, columns: readonly string[], row: object): T {
    const values = row as Record<string, unknown>;
    return this.chained<T>(table, String(values.id), () =>
      this.db.run(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        ...columns.map((column) => values[column] as never),
      ),
    );
  }

  /**
   * The newest `limit` rows of one chained table on one backend, narrowed by equal columns (names from this module's
   * callers, never from input; values bound).
   */
  newest<T>(table: ChainedTable, serviceId: string, equal: Record<string, string>, limit: number): T[] {
    const columns = Object.keys(equal);
    const where = ['service_id = ?', ...columns.map((column) => `${column} = ?`)].join(' AND ');
    return this.db.all<T>(
      `SELECT * FROM ${table} WHERE ${where} ORDER BY seq DESC LIMIT ?`,
      serviceId,
      ...Object.values(equal),
      limit,
    );
  }

  checkChain(): ChainCheck {
    return checkChain(this.db, this.chain.key, this.chain.keyedFrom);
  }

  /**
   * Why this chain may not vouch for a new checkpoint, or null: it fails its own check (a record or link, or one of
   * its own checkpoints it no longer holds), it is not keyed, or it does not hold `sent`, a checkpoint of it the
   * pharmacy's stream already has.
   */
  checkpointProblem(sent: Checkpoint | null): string | null {
    return checkpointProblemOf(this.db, this.chain, sent);
  }

  close(): void {
    this.checkpoint();
    this.db.close();
  }
}
