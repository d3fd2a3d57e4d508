// Migration 10 of audit.db: what main's own run read and met, kept with each verification it recorded: whether the run
// went on offline (from the read cache), and the order's patient and electronic prescriptions as main read them when
// the run started (the print gate holds a label's prescription against them). Earlier records have none.
import { z } from 'zod';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Migration } from '../../kits/sqlite/db.ts';

export const runReadsMigration: Migration = {
  version: 10,
  name: "what main's run read: offline, the order's patient and electronic prescriptions",
  sql: `
ALTER TABLE verifications ADD COLUMN went_offline INTEGER CHECK (went_offline IN (0, 1));
ALTER TABLE verifications ADD COLUMN order_patient_id TEXT;
ALTER TABLE verifications ADD COLUMN order_prescriptions TEXT;
`,
};

/** What main's run read of the order and met on its way, passed by main/work/verify-runs (never by the renderer). */
export interface RunReads {
  /** The run went on, in part, from what this station read earlier, the service being down. */
  offline: boolean;
  /** The order's patient as main read the order. */
  patientId: string | null;
  /** The order's electronic prescriptions as main read the order. */
  electronicPrescriptionIds: readonly string[];
}

/** The columns of migration 10 as one verification row holds them (null: written before main kept them). */
export interface RunReadsColumns {
  went_offline: number | null;
  order_patient_id: string | null;
  order_prescriptions: string | null;
}

export function runReadsColumns(reads: RunReads | null): RunReadsColumns {
  if (!reads) return { went_offline: null, order_patient_id: null, order_prescriptions: null };
  return {
    went_offline: reads.offline ? 1 : 0,
    order_patient_id: reads.patientId,
    order_prescriptions: JSON.stringify([...reads.electronicPrescriptionIds]),
  };
}

/** The record's run reads as its entry answers them (null where the record predates them). */
export function runReadsOf(row: RunReadsColumns): {
  offline: boolean | null;
  orderAsRead: { patientId: string | null; electronicPrescriptionIds: string[] } | null;
} {
  return {
    offline: row.went_offline === null || row.went_offline === undefined ? null : row.went_offline === 1,
    orderAsRead:
      row.order_prescriptions === null || row.order_prescriptions === undefined
        ? null
        : {
            patientId: row.order_patient_id ?? null,
            electronicPrescriptionIds: parseStoredJson(
              z.array(z.string()),
              row.order_prescriptions,
              "a verification's electronic prescriptions as read",
            ),
          },
  };
}
