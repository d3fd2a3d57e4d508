// Drill attempts and their scores: their own SQLite file in the data folder (drill-results.db), never the pharmacy's
// audit log. One row per attempt: who it was set up for and by whom, the order, the bin, and the score once done.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import { type DrillAttempt, drillAttempt, drillCheckResult } from '../../../contract/ipc/drills.ts';
import { parseStoredJson, StoredJsonError } from '../../../kits/json/stored-json.ts';
import { Db, type Migration } from '../../../kits/sqlite/db.ts';
import type { CheckResult } from '../../../rules/drills/score.ts';
import {
  type DrillDocumentPrints,
  drillDocumentPrints,
  drillDocumentPrintsMigration,
} from './drill-document-prints.ts';

const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'drill attempts',
    sql: `
CREATE TABLE drill_attempts (
  id TEXT PRIMARY KEY,
  service_id TEXT NOT NULL,
  drill_id TEXT NOT NULL,
  trainee TEXT NOT NULL COLLATE NOCASE,
  trainer TEXT NOT NULL,
  order_id TEXT NOT NULL,
  order_number TEXT NOT NULL,
  prescription_id TEXT,
  bin TEXT NOT NULL,
  patients_at_start INTEGER,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  results TEXT
);
CREATE INDEX drill_attempts_by_trainee ON drill_attempts (service_id, trainee, started_at);`,
  },
  drillDocumentPrintsMigration,
  {
    version: 3,
    name: 'results sealed under the audit chain key',
    sql: 'ALTER TABLE drill_attempts ADD COLUMN results_mac TEXT;',
  },
];

/** What an attempt holds of its own; the drill's words (title, brief, lesson) come from its file when shown. */
export interface AttemptRow {
  id: string;
  drillId: string;
  trainee: string;
  trainer: AuditPerson;
  orderId: string;
  orderNumber: string;
  prescriptionId: string | null;
  bin: DrillAttempt['bin'];
  /** For a duplicate-patient drill: how many records of the patient the service held when it was set up. */
  patientsAtStart: number | null;
  startedAt: number;
  finishedAt: number | null;
  results: CheckResult[] | null;
  /** The stored results are not JSON of their shape (so `results` is null): edited outside the station. */
  resultsOutOfShape: boolean;
  /** The results' MAC under the audit chain's key when scored (null: scored while the chain was not keyed). */
  resultsMac: string | null;
}

interface Row {
  id: string;
  drill_id: string;
  trainee: string;
  trainer: string;
  order_id: string;
  order_number: string;
  prescription_id: string | null;
  bin: string;
  patients_at_start: number | null;
  started_at: number;
  finished_at: number | null;
  results: string | null;
  results_mac: string | null;
}

const attemptOf = (row: Row): AttemptRow => ({
  id: row.id,
  drillId: row.drill_id,
  trainee: row.trainee,
  trainer: parseStoredJson(drillAttempt.shape.trainer, row.trainer, `drill attempt ${row.id}'s trainer`),
  orderId: row.order_id,
  orderNumber: row.order_number,
  prescriptionId: row.prescription_id,
  bin: parseStoredJson(drillAttempt.shape.bin, row.bin, `drill attempt ${row.id}'s bin`),
  patientsAtStart: row.patients_at_start,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  ...resultsOf(row),
  resultsMac: row.results_mac,
});

/** The stored results; results out of shape were not written by the station: none, and named as edited. */
function resultsOf(row: Row): Pick<AttemptRow, 'results' | 'resultsOutOfShape'> {
  if (row.results === null) return { results: null, resultsOutOfShape: false };
  try {
    const results = parseStoredJson(z.array(drillCheckResult), row.results, `drill attempt ${row.id}'s results`);
    return { results, resultsOutOfShape: false };
  } catch (error) {
    if (error instanceof StoredJsonError) return { results: null, resultsOutOfShape: true };
    throw error;
  }
}

/** What the MAC covers: the attempt, its trainee and drill, when it was scored and the results as stored. */
export function sealedText(row: Pick<AttemptRow, 'id' | 'trainee' | 'drillId' | 'finishedAt' | 'results'>): string {
  const trainee = row.trainee.toLowerCase();
  return `${row.id}\n${trainee}\n${row.drillId}\n${row.finishedAt}\n${JSON.stringify(row.results)}`;
}

export interface DrillResults {
  add(attempt: Omit<AttemptRow, 'id' | 'finishedAt' | 'results' | 'resultsOutOfShape' | 'resultsMac'>): AttemptRow;
  get(id: string): AttemptRow | null;
  /** Scores an attempt once, sealed by `seal` (the audit chain's key): a second "done" answers the first score. */
  finish(id: string, results: CheckResult[], at: number, seal: (text: string) => string | null): AttemptRow;
  /** Newest first; one trainee's when named. */
  list(query: { trainee?: string; limit: number }): AttemptRow[];
  /** The copies of the drills' documents (practice bin sheets, competency records). */
  documentPrints: DrillDocumentPrints;
  close(): void;
}

export function openDrillResults(options: { dataDir: string; serviceId: string }): DrillResults {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Db(join(options.dataDir, 'drill-results.db'), { synchronous: 'FULL' });
  db.migrate(migrations);
  const service = options.serviceId;
  const get = (id: string) => {
    const row = db.get<Row>('SELECT * FROM drill_attempts WHERE id = ? AND service_id = ?', id, service);
    return row ? attemptOf(row) : null;
  };
  return {
    add(attempt) {
      const id = randomUUID();
      db.run(
        `INSERT INTO drill_attempts (id, service_id, drill_id, trainee, trainer, order_id, order_number, prescription_id, bin, patients_at_start, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        service,
        attempt.drillId,
        attempt.trainee,
        JSON.stringify(attempt.trainer),
        attempt.orderId,
        attempt.orderNumber,
        attempt.prescriptionId,
        JSON.stringify(attempt.bin),
        attempt.patientsAtStart,
        attempt.startedAt,
      );
      return get(id) as AttemptRow;
    },
    get,
    finish(id, results, at, seal) {
      const row = get(id);
      const mac = row && seal(sealedText({ ...row, finishedAt: at, results }));
      db.run(
        'UPDATE drill_attempts SET finished_at = ?, results = ?, results_mac = ? WHERE id = ? AND service_id = ? AND finished_at IS NULL',
        at,
        JSON.stringify(results),
        mac ?? null,
        id,
        service,
      );
      return get(id) as AttemptRow;
    },
    list({ trainee, limit }) {
      const rows = trainee
        ? db.all<Row>(
            'SELECT * FROM drill_attempts WHERE service_id = ? AND trainee = ? ORDER BY started_at DESC, rowid DESC LIMIT ?',
            service,
            trainee,
            limit,
          )
        : db.all<Row>(
            'SELECT * FROM drill_attempts WHERE service_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?',
            service,
            limit,
          );
      return rows.map(attemptOf);
    },
    documentPrints: drillDocumentPrints(db, service),
    close: () => db.close(),
  };
}
