// The audit log's final checks by scan: one chained record per check a pharmacist made at this station, passed or a
// hard stop (schema-final-checks.ts), from what main judged; who from the session.
import type { AuditRepository, Stamp } from './audit-repository.ts';
import { FINAL_CHECK_COLUMNS, type FinalCheckFacts, type FinalCheckRow } from './schema-final-checks.ts';

export function keepFinalCheck(store: AuditRepository, facts: FinalCheckFacts, stamp: Stamp): FinalCheckRow {
  return store.chainedInsert<FinalCheckRow>('final_checks', FINAL_CHECK_COLUMNS, {
    ...stamp,
    order_id: facts.orderId,
    order_number: facts.orderNumber,
    prescription_id: facts.prescriptionId,
    product_id: facts.productId,
    outcome: facts.outcome,
    stop: facts.stop,
    product_code: facts.productCode.slice(0, 500),
    label_code: facts.labelCode.slice(0, 500),
    lot: facts.lot,
    reason: facts.reason,
  });
}
