// Searching the index: bringing the FTS5 index up to date with the documents, then the ranked query (trigram MATCH with bm25, or LIKE for short terms).
import type { Db, SqlValue } from '../../database/db.ts';
import { likePattern, matchExpression, type SearchTerms } from './query.ts';

/** What a search can find, as stored in search_documents.kind. */
export type DocumentKind =
  | 'order'
  | 'patient'
  | 'prescriber'
  | 'prescription'
  | 'prescription_product'
  | 'non_prescription'
  | 'order_material'
  | 'task';

export interface SearchHit {
  kind: DocumentKind;
  ref: string;
  /** Relevance: higher is better. */
  rank: number;
}

/**
 * Column weights of search_fts (ref, idents, names, contact, other): an identifier or a name outweighs an email or
 * phone, which outweighs a task's description or digits that happen to sit inside a UUID.
 */
const WEIGHTS = [1, 8, 6, 3, 1] as const;
/** The same weights for the LIKE path, which reads search_documents (ref left out: see searchDocuments). */
const TEXT_COLUMNS = [
  ['d.idents', 8],
  ['d.names', 6],
  ['d.contact', 3],
  ['d.other', 1],
] as const;

/** A record with a whole field equal to the whole query (an order number, an NPI, a SKU, a full name) ranks first. */
export const EXACT_BONUS = 1000;

/**
 * Brings the FTS5 index up to date with search_documents: the triggers write documents at once and queue them;
 * queued documents enter the index here, in one statement (FTS5 writes a segment per statement, so indexing each
 * write as it happens would multiply the cost of a bulk import). Every search calls this first, so what was
 * written is found at once. Answers how many documents were brought up to date.
 */
export function syncSearchIndex(db: Db): number {
  if (db.get('SELECT 1 FROM search_queue LIMIT 1') === undefined) return 0;
  return db.transaction(() => {
    db.run('DELETE FROM search_fts WHERE rowid IN (SELECT document_id FROM search_queue WHERE in_index = 1)');
    db.run(
      `INSERT INTO search_fts (rowid, ref, idents, names, contact, other)
       SELECT d.id, d.ref, d.idents, d.names, d.contact, d.other
         FROM search_queue q JOIN search_documents d ON d.id = q.document_id ORDER BY q.document_id`,
    );
    return db.run('DELETE FROM search_queue').changes;
  });
}

/** A short term must be in one of the text columns (each bound once per column: LIKE has no OR of its own). */
const SHORT_FILTER = `AND (${TEXT_COLUMNS.map(([column]) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`;

/** 1 when the whole query equals a whole id, identifier, name, email or phone of the document (values end at char 31). */
const EXACT = `(instr(char(31) || lower(d.ref || char(31) || d.idents || char(31) || d.names || char(31) || d.contact)
  || char(31), char(31) || ? || char(31)) > 0)`;

/**
 * The best `limit` documents of the given kinds matching every term, best first. Indexed terms go through the
 * trigram index and rank by bm25 (negated, so higher is better); short terms filter with LIKE, and a query of short
 * terms alone ranks by which columns hold them. Every value is a bound parameter; the SQL is built from fixed parts.
 */
export function searchDocuments(
  db: Db,
  terms: SearchTerms,
  kinds: readonly DocumentKind[],
  limit: number,
): SearchHit[] {
  const kindList = kinds.map(() => '?').join(', ');
  const shortFilters = terms.short.map(() => SHORT_FILTER).join(' ');
  const shortPatterns = terms.short.flatMap((term) => TEXT_COLUMNS.map(() => likePattern(term)));

  if (terms.indexed.length > 0) {
    const sql = `SELECT d.kind AS kind, d.ref AS ref,
        ${EXACT} * ${EXACT_BONUS} - bm25(search_fts, ${WEIGHTS.join(', ')}) AS rank
      FROM search_fts JOIN search_documents d ON d.id = search_fts.rowid
      WHERE search_fts MATCH ? AND d.kind IN (${kindList}) ${shortFilters}
      ORDER BY rank DESC, d.id LIMIT ?`;
    return db.all<SearchHit>(sql, terms.whole, matchExpression(terms.indexed), ...kinds, ...shortPatterns, limit);
  }

  // Only short terms: no index can serve them, so the documents are scanned (LIKE ignores ASCII case). One or two
  // characters found inside a UUID say nothing, so the record's own id is left out here.
  const scored = terms.short.slice(0, 4);
  const score = scored
    .flatMap(() => TEXT_COLUMNS.map(([column, weight]) => `${weight} * (${column} LIKE ? ESCAPE '\\')`))
    .join(' + ');
  const scoreArgs: SqlValue[] = scored.flatMap((term) => TEXT_COLUMNS.map(() => likePattern(term)));
  const sql = `SELECT d.kind AS kind, d.ref AS ref, ${EXACT} * ${EXACT_BONUS} + ${score} AS rank
    FROM search_documents d
    WHERE d.kind IN (${kindList}) ${shortFilters}
    ORDER BY rank DESC, d.id LIMIT ?`;
  return db.all<SearchHit>(sql, terms.whole, ...scoreArgs, ...kinds, ...shortPatterns, limit);
}

/** The share of a patient's rank that the patient's orders get in the order search. */
const PATIENT_ORDER_SHARE = 0.5;

/**
 * The order search: orders found by their own identifiers, and the orders of the patients the query finds (by
 * name, email, phone or date of birth: what a person asking about an order usually knows), each at half its
 * patient's rank, newest first within one patient. The index holds no copy of patients' names on their orders, which
 * keeps it small and a renamed patient's orders right.
 */
export function searchOrders(db: Db, terms: SearchTerms, limit: number): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  for (const hit of searchDocuments(db, terms, ['order'], limit)) hits.set(hit.ref, hit);
  for (const patient of searchDocuments(db, terms, ['patient'], limit)) {
    const rank = patient.rank * PATIENT_ORDER_SHARE;
    const orders = db.all<{ id: string }>(
      'SELECT id FROM orders WHERE patient_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
      patient.ref,
      limit,
    );
    for (const { id } of orders) {
      const known = hits.get(id);
      if (known === undefined || known.rank < rank) hits.set(id, { kind: 'order', ref: id, rank });
    }
  }
  return [...hits.values()].sort((a, b) => b.rank - a.rank).slice(0, limit);
}
