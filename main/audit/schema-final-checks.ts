// Migration 13 of audit.db and its record kind: a pharmacist's final check by scan at this station (the stock bottle and
// the label scanned against the order main read), passed or a hard stop, with what was scanned and why it stopped.
// Chained like the rest; the pharmacy's record holds the same check for every station (contract/pharmacy-record.ts).
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export const finalCheckMigration: Migration = {
  version: 13,
  name: 'final checks by scan',
  sql: `
CREATE TABLE final_checks (
${RECORD_KEYS}
  order_id TEXT NOT NULL,
  order_number TEXT,
  prescription_id TEXT,
  product_id TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('passed', 'stopped')),
  stop TEXT CHECK (stop IS NULL OR stop IN ('product', 'lot', 'label')),
  product_code TEXT NOT NULL,
  label_code TEXT NOT NULL,
  lot TEXT,
  reason TEXT NOT NULL,
${WHO_AND_WHEN}
);
CREATE INDEX final_checks_order ON final_checks (service_id, order_id, seq);
${appendOnly('final_checks')}`,
};

/** What main judged of one final check (rules/verification/final-check-scan.ts), from its own reads. */
export interface FinalCheckFacts {
  orderId: string;
  orderNumber: string | null;
  prescriptionId: string | null;
  productId: string | null;
  outcome: 'passed' | 'stopped';
  stop: 'product' | 'lot' | 'label' | null;
  /** The raw texts scanned (a product's and a label's code; no patient data). */
  productCode: string;
  labelCode: string;
  lot: string | null;
  reason: string;
}

export interface FinalCheckRow extends Stamp {
  seq: number;
  order_id: string;
  order_number: string | null;
  prescription_id: string | null;
  product_id: string | null;
  outcome: 'passed' | 'stopped';
  stop: 'product' | 'lot' | 'label' | null;
  product_code: string;
  label_code: string;
  lot: string | null;
  reason: string;
}

export const FINAL_CHECK_COLUMNS = [
  'id',
  'service_id',
  'order_id',
  'order_number',
  'prescription_id',
  'product_id',
  'outcome',
  'stop',
  'product_code',
  'label_code',
  'lot',
  'reason',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof Omit<FinalCheckRow, 'seq'>)[];
