// Migration 2: the search index — one document per searchable record, an FTS5 trigram index over it, and the triggers that keep both in step with every write.
import type { SchemaPart } from '../../database/migrations.ts';

/*
 * Layout. `search_documents` holds one row per order, patient, prescriber, prescription, product and task: its kind,
 * the id of the record it describes (`ref`), and the text a search matches, in columns that weigh differently in the
 * ranking (search-repository.ts):
 *   idents  — order number, external id, NPI/DEA/SPI, SKU/product code/UPC, a patient's date of birth (3 formats)
 *   names   — a person's full name; a drug, product or task name
 *   contact — email, phone, and the phone's digits alone (so 555-0100 and 5550100 both find it)
 *   other   — a task's description
 * Values inside idents and contact are joined by the unit separator (char 31), so a whole value can be recognised
 * (a record with a field equal to the whole query ranks first).
 *
 * `search_fts` is a contentless FTS5 table of trigrams over ref (the UUID) and those four columns, its rowid the
 * document's id. Triggers on the base tables write search_documents at once (an update only when a searched column
 * really changed, so status changes cost nothing) and queue the document in `search_queue`; the queue enters the
 * FTS5 index in one statement before every search (search-repository.ts: syncSearchIndex). FTS5 writes a new index segment for
 * every statement that touches it inside a transaction, so indexing from the triggers themselves made the demo
 * generator's 100,000 orders take twice as long; indexing in bulk costs a few seconds once.
 */

const SEP = 'char(31)';

const fullName = (t: string) => `concat_ws(' ', ${t}.first_name, nullif(${t}.middle_name, ''), ${t}.last_name)`;

const digitsOf = (column: string) =>
  `replace(replace(replace(replace(replace(replace(${column}, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

const contactOf = (t: string) =>
  `concat_ws(${SEP}, ${t}.email, ${t}.phone, nullif(${digitsOf(`${t}.phone`)}, ${t}.phone))`;

/** A date of birth (YYYY-MM-DD) also as MM/DD/YYYY and YYYYMMDD (service-facts: the three formats people type). */
const birthDates = (column: string) =>
  `${column}, substr(${column}, 6, 2) || '/' || substr(${column}, 9, 2) || '/' || substr(${column}, 1, 4), replace(${column}, '-', '')`;

interface Source {
  table: string;
  /** The document kind, as an SQL expression over the row `t` (products: their kind). */
  kind: (t: string) => string;
  /** idents, names, contact, other: SQL expressions over the row `t`. */
  columns: (t: string) => [string, string, string, string];
  /** The base columns a document is built from: an update touching none of them leaves the document alone. */
  watched: string[];
}

const sources: Source[] = [
  {
    table: 'orders',
    kind: () => `'order'`,
    columns: (t) => [`concat_ws(${SEP}, ${t}.order_number, ${t}.external_id)`, `''`, `''`, `''`],
    watched: ['id', 'order_number', 'external_id'],
  },
  {
    table: 'patients',
    kind: () => `'patient'`,
    columns: (t) => [
      `concat_ws(${SEP}, ${t}.external_id, ${birthDates(`${t}.date_of_birth`)})`,
      fullName(t),
      contactOf(t),
      `''`,
    ],
    watched: ['id', 'external_id', 'date_of_birth', 'first_name', 'middle_name', 'last_name', 'email', 'phone'],
  },
  {
    table: 'prescribers',
    kind: () => `'prescriber'`,
    columns: (t) => [`concat_ws(${SEP}, ${t}.npi, ${t}.dea, ${t}.spi)`, fullName(t), contactOf(t), `''`],
    watched: ['id', 'npi', 'dea', 'spi', 'first_name', 'middle_name', 'last_name', 'email', 'phone'],
  },
  {
    table: 'prescriptions',
    kind: () => `'prescription'`,
    columns: (t) => [`''`, `coalesce(${t}.drug_name, '')`, `''`, `''`],
    watched: ['id', 'drug_name'],
  },
  {
    table: 'products',
    // A prescription product is not one of the general search's seven result types; the product search shows it.
    kind: (t) => `CASE ${t}.kind WHEN 'prescription' THEN 'prescription_product' ELSE ${t}.kind END`,
    columns: (t) => [`concat_ws(${SEP}, ${t}.sku, ${t}.product_code, ${t}.upc)`, `${t}.name`, `''`, `''`],
    watched: ['id', 'kind', 'sku', 'product_code', 'upc', 'name'],
  },
  {
    table: 'tasks',
    kind: () => `'task'`,
    columns: (t) => [`''`, `${t}.name`, `''`, `coalesce(${t}.description, '')`],
    watched: ['id', 'name', 'description'],
  },
];

const COLUMNS = 'idents, names, contact, other';

const index = `
CREATE TABLE search_documents (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  idents TEXT NOT NULL,
  names TEXT NOT NULL,
  contact TEXT NOT NULL,
  other TEXT NOT NULL,
  UNIQUE (ref, kind)
);
CREATE VIRTUAL TABLE search_fts USING fts5(
  ref, ${COLUMNS}, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);
CREATE TABLE search_queue (
  document_id INTEGER PRIMARY KEY,
  in_index INTEGER NOT NULL
);
CREATE TRIGGER search_documents_insert AFTER INSERT ON search_documents BEGIN
  INSERT OR IGNORE INTO search_queue (document_id, in_index) VALUES (new.id, 0);
END;
CREATE TRIGGER search_documents_update AFTER UPDATE ON search_documents BEGIN
  INSERT OR IGNORE INTO search_queue (document_id, in_index) VALUES (new.id, 1);
END;
CREATE TRIGGER search_documents_delete AFTER DELETE ON search_documents BEGIN
  INSERT OR IGNORE INTO search_queue (document_id, in_index) VALUES (old.id, 1);
END;
`;

function triggersOf(source: Source): string {
  const { table, kind, columns, watched } = source;
  const [idents, names, contact, other] = columns('new');
  const changed = watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  return `
CREATE TRIGGER search_${table}_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO search_documents (kind, ref, ${COLUMNS})
    VALUES (${kind('new')}, new.id, ${idents}, ${names}, ${contact}, ${other});
END;
CREATE TRIGGER search_${table}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} WHEN ${changed} BEGIN
  UPDATE search_documents
    SET kind = ${kind('new')}, ref = new.id, idents = ${idents}, names = ${names}, contact = ${contact}, other = ${other}
    WHERE ref = old.id AND kind = ${kind('old')};
END;
CREATE TRIGGER search_${table}_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM search_documents WHERE ref = old.id AND kind = ${kind('old')};
END;
`;
}

/** Indexes what a database of version 1 already holds (a fresh database has nothing yet). */
const backfill = sources
  .map((s) => {
    const [idents, names, contact, other] = s.columns('t');
    return `INSERT INTO search_documents (kind, ref, ${COLUMNS})
  SELECT ${s.kind('t')}, t.id, ${idents}, ${names}, ${contact}, ${other} FROM ${s.table} t ORDER BY t.rowid;`;
  })
  .join('\n');

export const searchIndexTables: SchemaPart = {
  version: 2,
  name: 'the search index',
  sql: index + sources.map(triggersOf).join('') + backfill,
};
