// The audit log's durable state: one INSERT per verification, hard stop or lot adjustment, fsynced before it returns; reads newest first.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../sqlite/db.ts';
import { type AdjustmentRow, auditMigrations, type StopRow, type VerificationRow } from './schema.ts';

export type NewVerification = Omit<VerificationRow, 'seq'>;
export type NewAdjustment = Omit<AdjustmentRow, 'seq'>;
export type NewStop = Omit<StopRow, 'seq'>;

export class AuditStore {
  readonly db: Db;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    // FULL: a verification the person was told is recorded must survive a power cut.
    this.db = new Db(join(dataDir, 'audit.db'), { synchronous: 'FULL' });
    this.db.migrate(auditMigrations);
  }

  insert(row: NewVerification): VerificationRow {
    this.db.run(
      `INSERT INTO verifications (id, service_id, order_id, order_number, outcome, user_id, user_email, user_name,
         recorded_at, lines, scans, task_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.service_id,
      row.order_id,
      row.order_number,
      row.outcome,
      row.user_id,
      row.user_email,
      row.user_name,
      row.recorded_at,
      row.lines,
      row.scans,
      row.task_ref,
    );
    return this.db.get<VerificationRow>('SELECT * FROM verifications WHERE id = ?', row.id) as VerificationRow;
  }

  /** The newest `limit` rows of one backend, of one order when `orderId` is given. */
  latest(serviceId: string, orderId: string | null, limit: number): VerificationRow[] {
    if (orderId === null) {
      return this.db.all<VerificationRow>(
        'SELECT * FROM verifications WHERE service_id = ? ORDER BY seq DESC LIMIT ?',
        serviceId,
        limit,
      );
    }
    return this.db.all<VerificationRow>(
      'SELECT * FROM verifications WHERE service_id = ? AND order_id = ? ORDER BY seq DESC LIMIT ?',
      serviceId,
      orderId,
      limit,
    );
  }

  insertAdjustment(row: NewAdjustment): AdjustmentRow {
    this.db.run(
      `INSERT INTO lot_adjustments (id, service_id, lot_id, product_id, batch_number, quantity_change, quantity_before,
         quantity_after, reason, user_id, user_email, user_name, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.service_id,
      row.lot_id,
      row.product_id,
      row.batch_number,
      row.quantity_change,
      row.quantity_before,
      row.quantity_after,
      row.reason,
      row.user_id,
      row.user_email,
      row.user_name,
      row.recorded_at,
    );
    return this.db.get<AdjustmentRow>('SELECT * FROM lot_adjustments WHERE id = ?', row.id) as AdjustmentRow;
  }

  /** The newest `limit` adjustments of one lot on one backend. */
  latestAdjustments(serviceId: string, lotId: string, limit: number): AdjustmentRow[] {
    return this.db.all<AdjustmentRow>(
      'SELECT * FROM lot_adjustments WHERE service_id = ? AND lot_id = ? ORDER BY seq DESC LIMIT ?',
      serviceId,
      lotId,
      limit,
    );
  }

  insertStop(row: NewStop): StopRow {
    this.db.run(
      `INSERT INTO verification_stops (id, service_id, order_id, order_number, code, entry, quantity, matched_by,
         product_id, lot_id, lot, expiry, kind, reason, note, task_ref, user_id, user_email, user_name, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.service_id,
      row.order_id,
      row.order_number,
      row.code,
      row.entry,
      row.quantity,
      row.matched_by,
      row.product_id,
      row.lot_id,
      row.lot,
      row.expiry,
      row.kind,
      row.reason,
      row.note,
      row.task_ref,
      row.user_id,
      row.user_email,
      row.user_name,
      row.recorded_at,
    );
    return this.db.get<StopRow>('SELECT * FROM verification_stops WHERE id = ?', row.id) as StopRow;
  }

  /** The newest `limit` stops of one order on one backend. */
  latestStops(serviceId: string, orderId: string, limit: number): StopRow[] {
    return this.db.all<StopRow>(
      'SELECT * FROM verification_stops WHERE service_id = ? AND order_id = ? ORDER BY seq DESC LIMIT ?',
      serviceId,
      orderId,
      limit,
    );
  }

  close(): void {
    this.db.close();
  }
}
