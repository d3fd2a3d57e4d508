// Which line of an order a prescription label is for, and whether this station's audit log holds a finished
// verification that counted that line complete. Read from the service (the order, the prescription) and audit.db.
import { drugWithStrength } from '../../contract/documents.ts';
import type { AuditEntry } from '../../contract/ipc/audit.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { PrescriptionDetail } from '../../contract/service/prescriptions.ts';
import { StationError } from '../station/errors.ts';
import { verifiedLine } from '../verify-runs/verified-line.ts';
import type { PrintParts } from './print-parts.ts';

export interface LabelLine {
  order: Order;
  prescription: PrescriptionDetail;
  productId: string | null;
  /** The drug as people name it, for the reason shown. */
  drug: string;
  /** The finished verification that counted this line complete, newest first; null when none did. */
  verifiedBy: AuditEntry | null;
}

export async function readLabelLine(orderId: string, prescriptionId: string, parts: PrintParts): Promise<LabelLine> {
  const [orderRead, prescriptionRead] = await Promise.all([
    parts.read('orders.get', { params: { order_id: orderId } }),
    parts.read('prescriptions.get', { params: { prescription_id: prescriptionId }, query: { include_all: true } }),
  ]);
  const order = orderRead as Order;
  const prescription = prescriptionRead as PrescriptionDetail;
  const productId = prescription.prescription_product_id ?? null;
  const onOrder =
    (order.products?.prescription ?? []).some((product) => product.id === productId) ||
    (order.electronic_prescription_ids ?? []).includes(prescription.electronic_prescription_id ?? '');
  if (!onOrder) {
    throw new StationError('not_found', `That prescription is not on order ${order.order_number}.`);
  }
  const drug = drugWithStrength(prescription.drug_name ?? prescription.name ?? 'the medication', prescription.strength);
  // Main's own run records answer it (main/verify-runs/verified-line.ts): the rule is kept in one place.
  const verifiedBy = verifiedLine(parts.audit, order.id, productId);
  return { order, prescription, productId, drug, verifiedBy };
}

/** Why the label may not print yet, as a technician reads it before trying. */
export function notVerifiedReason(line: LabelLine): string {
  return (
    `Not verified yet: ${line.drug} on order ${line.order.order_number} has not been counted complete in a ` +
    'verification at this station. Verify the order first, or a pharmacist allows this label with a reason.'
  );
}
