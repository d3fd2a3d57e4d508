// The request bodies tests create records with: a new patient (unique by first name) and a new order.

let serial = 0;

/** A new patient's body, unique by its first name (`Avery1`, `Avery2`…); `extra` adds fields or replaces them. */
export function newPatient(extra: Record<string, unknown> = {}, firstName = 'Avery') {
  serial += 1;
  return { first_name: `${firstName}${serial}`, last_name: 'Example', date_of_birth: '1980-04-12', ...extra };
}

/** A new order's body: one prescription line (a product by id, or by SKU) for a patient. */
export function newOrder(patientId: string, product: { id: string } | { sku: string }, quantity = 1) {
  return { patient_id: patientId, products: { prescription: [{ ...product, quantity }] } };
}
