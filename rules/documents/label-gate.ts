// Whether a prescription may be labelled for an order: it must be one of the order's electronic prescriptions, for the
// order's own patient. The same product on another patient's prescription never counts.

export interface OrderForLabel {
  order_number: string;
  patient?: { id?: string | null } | null;
  electronic_prescription_ids?: readonly string[] | null;
}
export interface PrescriptionForLabel {
  patient_id?: string | null;
  electronic_prescription_id?: string | null;
}

/** Why this prescription may not be labelled for this order, or null when it is the order's, for its patient. */
export function labelSubjectRefusal(order: OrderForLabel, prescription: PrescriptionForLabel): string | null {
  const erx = prescription.electronic_prescription_id ?? null;
  if (!erx || !(order.electronic_prescription_ids ?? []).includes(erx)) {
    return `That prescription is not on order ${order.order_number}.`;
  }
  const orderPatient = order.patient?.id ?? null;
  if (!orderPatient || !prescription.patient_id) {
    return `The patient of order ${order.order_number} or of that prescription is not known: it cannot be labelled.`;
  }
  if (orderPatient !== prescription.patient_id) {
    return `That prescription is another patient's, not for the patient of order ${order.order_number}.`;
  }
  return null;
}
