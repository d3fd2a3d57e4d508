// The station's copy of the pharmacy's record in record.db: every fact it believes (the signed envelope kept as it
// came, with its place in the record), the current claims, and the queue of its own facts not yet published. The
// embedded record is this file alone; the NATS record fills it from the stream and reads from it.
import { join } from 'node:path';
import {
  type FactOf,
  type RecordFact,
  recordFact,
  type SignedFact,
  signedFact,
} from '../../../contract/pharmacy-record.ts';
import { claimSubject, reviewSubject, verifiedSubject } from '../../../contract/pharmacy-record-subjects.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import { Db } from '../../../kits/sqlite/db.ts';

const MIGRATIONS = [
  {
    version: 1,
    name: 'record',
    sql: `
      CREATE TABLE facts (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        fact_id TEXT NOT NULL UNIQUE,
        subject TEXT NOT NULL,
        kind TEXT NOT NULL,
        record_seq INTEGER,
        signed TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX facts_by_subject ON facts (subject, record_seq);
      CREATE INDEX facts_by_kind ON facts (kind, record_seq);
      CREATE TABLE claims (order_subject TEXT PRIMARY KEY, revision INTEGER NOT NULL, body TEXT NOT NULL);
      CREATE TABLE pending (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        fact_id TEXT NOT NULL UNIQUE,
        subject TEXT NOT NULL,
        signed TEXT NOT NULL
      );
      CREATE TABLE conflicts (fact_id TEXT PRIMARY KEY, subject TEXT NOT NULL, reason TEXT NOT NULL, at TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: 'read to',
    // How far the shared record's stream was read in order: its own facts placed meanwhile do not move it.
    sql: 'CREATE TABLE read_to (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);',
  },
];

/** Newest first: a fact placed by the record before one not yet placed (queued here), then by its place. */
const NEWEST_FIRST = 'ORDER BY record_seq IS NULL DESC, record_seq DESC, position DESC';

export interface PendingFact {
  factId: string;
  subject: string;
  signed: SignedFact;
}

function factOf(body: string): RecordFact {
  return recordFact.parse(JSON.parse(body));
}

export class RecordView {
  readonly db: Db;

  constructor(location: string) {
    this.db = new Db(location, { synchronous: 'FULL' });
    this.db.migrate(MIGRATIONS);
  }

  static inFolder(dataDir: string): RecordView {
    return new RecordView(join(dataDir, 'record.db'));
  }

  /** Keeps a believed fact; `recordSeq` is its place in the record (null: queued here, not placed yet). */
  keep(subject: string, fact: RecordFact, signed: SignedFact, recordSeq: number | null): boolean {
    const kept = this.db.run(
      `INSERT INTO facts (fact_id, subject, kind, record_seq, signed, body) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (fact_id) DO UPDATE SET record_seq = COALESCE(facts.record_seq, excluded.record_seq)`,
      fact.id,
      subject,
      fact.kind,
      recordSeq,
      JSON.stringify(signed),
      signed.body,
    );
    return kept.changes > 0;
  }

  /** The next place in an embedded record (one station's record numbers its own facts). */
  nextSeq(): number {
    return (this.db.get<{ seq: number | null }>('SELECT MAX(record_seq) AS seq FROM facts')?.seq ?? 0) + 1;
  }

  /** The last sequence of the shared record's stream read in order (0: none). */
  readTo(): number {
    return this.db.get<{ seq: number }>('SELECT seq FROM read_to WHERE id = 1')?.seq ?? 0;
  }

  setReadTo(seq: number): void {
    this.db.run(
      'INSERT INTO read_to (id, seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET seq = MAX(seq, excluded.seq)',
      seq,
    );
  }

  newest(subject: string): RecordFact | null {
    const row = this.db.get<{ body: string }>(
      `SELECT body FROM facts WHERE subject = ? ${NEWEST_FIRST} LIMIT 1`,
      subject,
    );
    return row ? factOf(row.body) : null;
  }

  latestReview(prescriptionId: string): FactOf<'prescription_reviewed'> | null {
    const fact = this.newest(reviewSubject(prescriptionId));
    return fact?.kind === 'prescription_reviewed' ? fact : null;
  }

  /** The first verification the record placed (the one that won); a queued one of this station only when none is. */
  verificationOf(orderId: string): FactOf<'order_verified'> | null {
    const row = this.db.get<{ body: string }>(
      'SELECT body FROM facts WHERE subject = ? ORDER BY record_seq IS NULL, record_seq, position LIMIT 1',
      verifiedSubject(orderId),
    );
    const fact = row ? factOf(row.body) : null;
    return fact?.kind === 'order_verified' ? fact : null;
  }

  factsOf<K extends RecordFact['kind']>(kind: K): Extract<RecordFact, { kind: K }>[] {
    return this.db
      .all<{ body: string }>(
        'SELECT body FROM facts WHERE kind = ? ORDER BY record_seq IS NULL, record_seq, position',
        kind,
      )
      .map((row) => factOf(row.body) as Extract<RecordFact, { kind: K }>);
  }

  /** The current claim fact of an order and its revision, or null. */
  claim(orderId: string): { fact: RecordFact; revision: number } | null {
    const row = this.db.get<{ body: string; revision: number }>(
      'SELECT body, revision FROM claims WHERE order_subject = ?',
      claimSubject(orderId),
    );
    return row ? { fact: factOf(row.body), revision: row.revision } : null;
  }

  setClaim(orderId: string, fact: RecordFact, revision: number): void {
    this.db.run(
      `INSERT INTO claims (order_subject, revision, body) VALUES (?, ?, ?)
         ON CONFLICT (order_subject) DO UPDATE SET revision = excluded.revision, body = excluded.body
         WHERE excluded.revision >= claims.revision`,
      claimSubject(orderId),
      revision,
      JSON.stringify(fact),
    );
  }

  enqueue(subject: string, fact: RecordFact, signed: SignedFact): void {
    this.db.transaction(() => {
      this.db.run(
        'INSERT OR IGNORE INTO pending (fact_id, subject, signed) VALUES (?, ?, ?)',
        fact.id,
        subject,
        JSON.stringify(signed),
      );
      this.keep(subject, fact, signed, null);
    });
  }

  pending(limit = 100): PendingFact[] {
    return this.db
      .all<{ fact_id: string; subject: string; signed: string }>(
        'SELECT fact_id, subject, signed FROM pending ORDER BY position LIMIT ?',
        limit,
      )
      .map((row) => ({
        factId: row.fact_id,
        subject: row.subject,
        signed: parseStoredJson(signedFact, row.signed, 'a pending fact'),
      }));
  }

  pendingCount(): number {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM pending')?.n ?? 0;
  }

  /** The queued fact is in the record now, at `recordSeq`. */
  published(factId: string, recordSeq: number): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM pending WHERE fact_id = ?', factId);
      this.db.run('UPDATE facts SET record_seq = ? WHERE fact_id = ? AND record_seq IS NULL', recordSeq, factId);
    });
  }

  /** The queued fact was refused on return (another station's verification came first): kept as a conflict. */
  conflicted(pending: PendingFact, reason: string, at: string): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM pending WHERE fact_id = ?', pending.factId);
      this.db.run('DELETE FROM facts WHERE fact_id = ? AND record_seq IS NULL', pending.factId);
      this.db.run(
        'INSERT OR IGNORE INTO conflicts (fact_id, subject, reason, at) VALUES (?, ?, ?, ?)',
        pending.factId,
        pending.subject,
        reason,
        at,
      );
    });
  }

  conflictCount(): number {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM conflicts')?.n ?? 0;
  }

  close(): void {
    this.db.close();
  }
}
