// Teaching cases the demo data always holds, added after every random draw so the rest of the data never moves.

import type { Db } from '../database/db.ts';
import { addRiskFactor } from '../domains/patients/risk-factors.ts';

/**
 * An allergy conflict for the station's checks panel: a patient allergic to penicillin with an amoxicillin
 * prescription. The drawn data usually has one by chance (seed 1 with 200 orders does); when it has none, the patient
 * of the first amoxicillin prescription (open orders first, then by order number) gets a penicillin allergy. Nothing
 * is planted when no amoxicillin was prescribed at all (very small data sets).
 */
export function ensureAllergyConflict(db: Db, now: Date): void {
  const conflict = db.get(
    `SELECT 1 FROM prescriptions p
       JOIN patient_risk_factors r ON r.patient_id = p.patient_id AND r.type = 'allergy' AND r.is_active = 1
      WHERE lower(p.drug_name) = 'amoxicillin' AND lower(r.name) LIKE '%penicillin%'
      LIMIT 1`,
  );
  if (conflict) return;
  const target = db.get<{ patient_id: string }>(
    `SELECT p.patient_id FROM prescriptions p
       JOIN electronic_prescriptions e ON e.id = p.electronic_prescription_id
       JOIN orders o ON o.id = e.order_id
      WHERE lower(p.drug_name) = 'amoxicillin' AND p.patient_id IS NOT NULL
      ORDER BY CASE WHEN o.status IN ('received', 'data_entry', 'picked') THEN 0 ELSE 1 END, o.order_number
      LIMIT 1`,
  );
  if (target) addRiskFactor(db, target.patient_id, { type: 'allergy', name: 'penicillin' }, now);
}

/**
 * A picked order whose status history names who picked it (the technician), for the verify screen's separation of
 * duties: the demo's own moves name nobody. The first picked order by order number; only its history's picked step
 * changes, so every count stays as drawn.
 */
export function ensureNamedPicker(db: Db): void {
  const technician = db.get<{ id: string }>("SELECT id FROM users WHERE email = 'technician@training.local'");
  const order = db.get<{ id: string }>("SELECT id FROM orders WHERE status = 'picked' ORDER BY order_number LIMIT 1");
  if (!technician || !order) return;
  db.run(
    "UPDATE order_status_history SET updated_by = ? WHERE order_id = ? AND status = 'picked'",
    technician.id,
    order.id,
  );
}
