// Which prescription a label is for, whether it may be labelled for that order (rules/documents/label-gate.ts:
// on the order, for its patient), and the verification at this station that counted its line complete
// (main/work/verify-runs/verified-line.ts). The prescription and the order are read now, every time the gate runs (at
// print:prepare and again at print:document): an order cancelled, held or with a cancellation requested after it was
// verified gets no label (rules/verification/order-standing.ts), and the prescription is held against the order as it
// is now and as main's own verification run read it (kept with the record, audit migration 10).
import type { AuditEntry } from '../../../contract/ipc/audit.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import { labelDrug } from '../../../rules/documents/label.ts';
import { labelSubjectRefusal, type OrderForLabel } from '../../../rules/documents/label-gate.ts';
import { fillStateOf, holdWords } from '../../../rules/verification/fill-gate.ts';
import { whyNotCompletable } from '../../../rules/verification/order-standing.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { gateReviews } from '../review/record-reviews.ts';
import { verifiedLine } from '../verify-runs/verified-line.ts';
import type { PrintParts } from './print-parts.ts';

export interface LabelLine {
  order: { id: string; order_number: string };
  prescription: PrescriptionDetail;
  /** The drug as people name it, for the reason shown. */
  drug: string;
  /** The finished verification that counted this line complete; null when none did. */
  verifiedBy: AuditEntry | null;
}

/** The order as main's verification run read it, kept with its record; null when the record predates that. */
function orderAsVerified(entry: AuditEntry): OrderForLabel | null {
  if (!entry.orderAsRead) return null;
  return {
    order_number: entry.orderNumber ?? entry.orderId,
    patient: { id: entry.orderAsRead.patientId },
    electronic_prescription_ids: entry.orderAsRead.electronicPrescriptionIds,
  };
}

export async function readLabelLine(orderId: string, prescriptionId: string, parts: PrintParts): Promise<LabelLine> {
  const prescription = await parts.read(operations.prescriptions.get, {
    params: { prescription_id: prescriptionId },
    query: { include_all: true },
  });
  const verifiedBy = verifiedLine(parts.audit, orderId, prescription.prescription_product_id ?? null);
  const order = await parts.read(operations.orders.get, { params: { order_id: orderId } });
  const asVerified = verifiedBy && orderAsVerified(verifiedBy);
  const refusal =
    labelSubjectRefusal(order, prescription) ?? (asVerified && labelSubjectRefusal(asVerified, prescription));
  if (refusal) throw new StationError('not_allowed', refusal);
  const stopped = whyNotCompletable(order);
  if (stopped) throw new StationError('not_allowed', `No label: ${stopped.replace(': it cannot be verified', '')}`);
  await refuseUnlessOkToFill(prescription, parts);
  return {
    order: { id: orderId, order_number: order.order_number },
    prescription,
    drug: labelDrug(prescription),
    verifiedBy,
  };
}

/** The pharmacist's gate: no label (not even a pharmacist's override) for a prescription that is not "OK to fill". */
async function refuseUnlessOkToFill(prescription: PrescriptionDetail, parts: PrintParts): Promise<void> {
  const reviewsOf = await gateReviews([prescription.id], parts, [prescription]);
  const state = fillStateOf(prescription.status, reviewsOf(prescription.id));
  if (state.kind === 'ok_to_fill') return;
  const ref = state.kind === 'held' ? (state.review?.taskRef ?? null) : null;
  const hold = {
    productId: prescription.prescription_product_id ?? '',
    drug: labelDrug(prescription),
    prescriptionId: prescription.id,
    state,
  };
  throw new StationError('not_allowed', `No label yet: ${holdWords(hold, ref ? parts.taskName(ref) : null)}`);
}

/** Why the label may not print yet, as a technician reads it before trying. */
export function notVerifiedReason(line: LabelLine): string {
  return (
    `Not verified yet: ${line.drug} on order ${line.order.order_number} has not been counted complete in a ` +
    'verification at this station. Verify the order first, or a pharmacist allows this label with a reason.'
  );
}

/** The lots the verification counted for this line, each once. */
export function lotIdsOf(line: LabelLine): string[] {
  const productId = line.prescription.prescription_product_id;
  const counted = (line.verifiedBy?.scans ?? []).filter((scan) => scan.result === 'counted');
  return [...new Set(counted.flatMap((scan) => (scan.productId === productId && scan.lotId ? [scan.lotId] : [])))];
}

/** The lot numbers the verification counted for this line, each once (what the label record names). */
export function lotNumbersOf(line: LabelLine): string[] {
  const productId = line.prescription.prescription_product_id;
  const counted = (line.verifiedBy?.scans ?? []).filter((scan) => scan.result === 'counted');
  return [...new Set(counted.flatMap((scan) => (scan.productId === productId && scan.lot ? [scan.lot] : [])))];
}

/** The lot expiries the verification read for this line (the stock in the vial cannot outlive them). */
export function lotExpiriesOf(line: LabelLine): string[] {
  const productId = line.prescription.prescription_product_id;
  return (line.verifiedBy?.scans ?? [])
    .filter((scan) => scan.result === 'counted' && scan.productId === productId && scan.expiry)
    .map((scan) => scan.expiry as string);
}
