// A fill, as the training service counts it: an order that reaches "verified" was filled, so each prescription of its
// electronic prescriptions has one fill fewer remaining (never below zero). Decision: the fill is the verification
// (the pharmacy's record of what went into the package), not the shipment.
import type { Db } from '../../database/db.ts';
import { docOf } from '../../database/records.ts';

/** Takes one fill off each prescription of the order's electronic prescriptions; answers how many changed. */
export function countFill(db: Db, orderId: string, at: string): number {
  const rows = db.all<{ id: string; doc: string }>(
    `SELECT p.id, p.doc FROM prescriptions p JOIN electronic_prescriptions e ON e.id = p.electronic_prescription_id
      WHERE e.order_id = ?`,
    orderId,
  );
  let changed = 0;
  for (const row of rows) {
    const doc = docOf<{ fills_remaining?: number }>(row);
    if (typeof doc.fills_remaining !== 'number' || doc.fills_remaining <= 0) continue;
    const next = { ...doc, fills_remaining: doc.fills_remaining - 1 };
    db.run('UPDATE prescriptions SET doc = ?, updated_at = ? WHERE id = ?', JSON.stringify(next), at, row.id);
    changed++;
  }
  return changed;
}
