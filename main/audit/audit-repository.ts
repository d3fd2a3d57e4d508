// The audit log's records: one chained INSERT per verification, hard stop, lot adjustment, review, print, interruption,
// refusal, setting change or acknowledgement, fsynced before it returns; reads newest first; the export's records. The
// chain's storage beneath (links, checkpoints, the newest rows of a table) is ChainedStore (chained-store.ts).
import type { ChainedTable } from './chain.ts';
import type { ChainKeying } from './chain-state.ts';
import { ChainedStore } from './chained-store.ts';
import {
  ADJUSTMENT_COLUMNS,
  type NewAdjustment,
  type NewReview,
  type NewStop,
  type NewVerification,
  REVIEW_COLUMNS,
  STOP_COLUMNS,
  VERIFICATION_COLUMNS,
} from './record-columns.ts';
import { type AdjustmentRow, auditMigrations, type Stamp, type StopRow, type VerificationRow } from './schema.ts';
import * as unkeyed from './schema-acknowledgements.ts';
import { finalCheckMigration } from './schema-final-checks.ts';
import { INTERRUPTION_COLUMNS, type InterruptionRow, interruptionMigration } from './schema-interruptions.ts';
import {
  type PrintRow,
  printAwaitingMigration,
  printContentMigration,
  printLotsMigration,
  printMigration,
} from './schema-print.ts';
import { REFUSAL_COLUMNS, type RefusalRow, refusalMigration } from './schema-refusals.ts';
import { runReadsMigration } from './schema-run-reads.ts';
import { type ReviewRow, safetyMigration } from './schema-safety.ts';
import { SETTING_CHANGE_COLUMNS, type SettingChangeRow, settingChangeMigration } from './schema-settings.ts';
import { recalledStopMigration, stopKindsMigration } from './schema-stop-kinds.ts';

export type { NewAdjustment, NewReview, NewStop, NewVerification } from './record-columns.ts';
export type { Stamp };

/** One record as the export lists it: its kind, the row as stored, its link in the chain. */
export interface ExportedRecord {
  chainSeq: number;
  table: ChainedTable;
  row: Record<string, unknown>;
  hash: string;
  prevHash: string;
}

/** audit.db's migrations in order: the first tables, then each record kind as it came. */
const AUDIT_MIGRATIONS = [
  ...auditMigrations,
  safetyMigration,
  printMigration,
  printContentMigration,
  interruptionMigration,
  stopKindsMigration,
  refusalMigration,
  runReadsMigration,
  settingChangeMigration,
  unkeyed.unkeyedAcknowledgementMigration,
  finalCheckMigration,
  printLotsMigration,
  recalledStopMigration,
  printAwaitingMigration,
];

export class AuditRepository extends ChainedStore {
  constructor(dataDir: string, keying: ChainKeying = { id: '', key: null }, now: () => Date = () => new Date()) {
    super(dataDir, AUDIT_MIGRATIONS, keying, now);
  }

  insertPrint(row: Omit<PrintRow, 'seq'>, columns: readonly string[]): PrintRow {
    return this.chainedInsert<PrintRow>('print_records', columns, row);
  }

  insertRefusal(row: Omit<RefusalRow, 'seq'>): RefusalRow {
    return this.chainedInsert<RefusalRow>('refused_confirmations', REFUSAL_COLUMNS, row);
  }

  insertSettingChange(row: Omit<SettingChangeRow, 'seq'>): SettingChangeRow {
    return this.chainedInsert<SettingChangeRow>('setting_changes', SETTING_CHANGE_COLUMNS, row);
  }

  insertUnkeyedAcknowledgement(row: Omit<unkeyed.UnkeyedAcknowledgementRow, 'seq'>): unkeyed.UnkeyedAcknowledgementRow {
    return this.chainedInsert('unkeyed_acknowledgements', unkeyed.UNKEYED_ACKNOWLEDGEMENT_COLUMNS, row);
  }

  insertInterruption(row: Omit<InterruptionRow, 'seq'>): InterruptionRow {
    return this.chainedInsert<InterruptionRow>('order_interruptions', INTERRUPTION_COLUMNS, row);
  }

  insertReview(row: NewReview): ReviewRow {
    return this.chainedInsert<ReviewRow>('review_decisions', REVIEW_COLUMNS, row);
  }

  latestReviews(serviceId: string, prescriptionId: string, limit: number): ReviewRow[] {
    return this.newest<ReviewRow>('review_decisions', serviceId, { prescription_id: prescriptionId }, limit);
  }

  /** Every record of one backend written in [fromMs, toMs), in chain order. */
  recordsBetween(serviceId: string, fromMs: number, toMs: number): ExportedRecord[] {
    const links = this.db.all<{
      seq: number;
      record_table: ChainedTable;
      record_id: string;
      hash: string;
      prev_hash: string;
    }>(
      'SELECT seq, record_table, record_id, hash, prev_hash FROM audit_chain WHERE recorded_at >= ? AND recorded_at < ? ORDER BY seq',
      fromMs,
      toMs,
    );
    return links.flatMap((link) => {
      const row = this.db.get<Record<string, unknown>>(
        `SELECT * FROM ${link.record_table} WHERE id = ? AND service_id = ?`,
        link.record_id,
        serviceId,
      );
      return row
        ? [{ chainSeq: link.seq, table: link.record_table, row, hash: link.hash, prevHash: link.prev_hash }]
        : [];
    });
  }

  /** How many of an order's stops were kept as approved by a pharmacist who confirmed at the station. */
  approvedStops(serviceId: string, orderId: string): number {
    const row = this.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM verification_stops WHERE service_id = ? AND order_id = ?
         AND reason = 'pharmacist_approved' AND approved_by_email IS NOT NULL`,
      serviceId,
      orderId,
    );
    return Number(row?.n ?? 0);
  }

  insert(row: NewVerification): VerificationRow {
    return this.chainedInsert<VerificationRow>('verifications', VERIFICATION_COLUMNS, row);
  }

  /** The newest `limit` rows of one backend, of one order when `orderId` is given. */
  latest(serviceId: string, orderId: string | null, limit: number): VerificationRow[] {
    return this.newest<VerificationRow>(
      'verifications',
      serviceId,
      orderId === null ? {} : { order_id: orderId },
      limit,
    );
  }

  insertAdjustment(row: NewAdjustment): AdjustmentRow {
    return this.chainedInsert<AdjustmentRow>('lot_adjustments', ADJUSTMENT_COLUMNS, row);
  }

  /** The newest `limit` adjustments of one lot on one backend. */
  latestAdjustments(serviceId: string, lotId: string, limit: number): AdjustmentRow[] {
    return this.newest<AdjustmentRow>('lot_adjustments', serviceId, { lot_id: lotId }, limit);
  }

  insertStop(row: NewStop): StopRow {
    return this.chainedInsert<StopRow>('verification_stops', STOP_COLUMNS, row);
  }

  /** The newest `limit` stops of one order on one backend. */
  latestStops(serviceId: string, orderId: string, limit: number): StopRow[] {
    return this.newest<StopRow>('verification_stops', serviceId, { order_id: orderId }, limit);
  }
}
