// Valid requests to mutate in the hostile-input property: a mutated valid request reaches the handlers, not only validation.
import fc from 'fast-check';
import type { Db } from '../../../training/database/db.ts';

/** Stored identifiers for each path parameter name, so mutated requests point at real records. */
export function identifierPools(db: Db): Record<string, string[]> {
  const col = (sql: string) => db.all<{ v: string }>(sql).map((r) => String(r.v));
  return {
    order_id: col(
      'SELECT id v FROM orders UNION ALL SELECT order_number FROM orders UNION ALL SELECT external_id FROM orders WHERE external_id IS NOT NULL',
    ),
    patient_id: col(
      'SELECT id v FROM patients UNION ALL SELECT external_id FROM patients WHERE external_id IS NOT NULL',
    ),
    prescriber_id: col('SELECT id v FROM prescribers UNION ALL SELECT npi FROM prescribers'),
    lot_id: col('SELECT id v FROM inventory_lots'),
    product_id: col('SELECT id v FROM products'),
    task_id: col('SELECT id v FROM tasks'),
    electronic_prescription_id: col('SELECT id v FROM electronic_prescriptions'),
    prescription_id: col('SELECT id v FROM prescriptions'),
    risk_factor_id: col('SELECT id v FROM patient_risk_factors'),
    qualification_id: col('SELECT id v FROM qualifications UNION ALL SELECT DISTINCT state FROM qualifications'),
    kind: ['prescription', 'non_prescription', 'order_material'],
    entity_type: ['user', 'order', 'patient', 'prescription', 'prescription_product', 'inventory'],
    entity_id: col('SELECT id v FROM orders UNION ALL SELECT id FROM patients UNION ALL SELECT id FROM products'),
    id: ['1', '2', '999'],
  };
}

/** One valid body per write operation, built from stored records. */
export function validBodies(db: Db): Record<string, unknown> {
  const one = (sql: string) => String((db.get<{ v: string }>(sql) as { v: string }).v);
  const patientId = one('SELECT id v FROM patients LIMIT 1');
  const npi = one('SELECT npi v FROM prescribers LIMIT 1');
  const productId = one("SELECT id v FROM products WHERE kind = 'non_prescription' LIMIT 1");
  return {
    'tasks.create': { name: 'Check the label', description: 'Recount', category_code: 'T01' },
    'tasks.update': { name: 'Renamed task', status_code: 'IN_PROGRESS' },
    'patients.create': { first_name: 'Fuzz', last_name: 'Person', date_of_birth: '1990-01-01' },
    'patients.update': { first_name: 'Fuzzed' },
    'patients.createRiskFactor': { type: 'allergy', name: 'latex' },
    'patients.createRiskFactors': [{ type: 'condition', name: 'asthma' }],
    'orders.create': { patient_id: patientId, products: { prescription: [{ sku: 'RX-0001', quantity: 1 }] } },
    'orders.update': { external_id: 'FUZZ-ORDER-1' },
    'orders.requestReplacement': { reason: 'Arrived damaged' },
    'orders.requestCancellation': { comments: 'Patient asked to cancel' },
    // A reset has no example on purpose: a valid one rebuilds the data and stales every identifier the property draws.
    'training.simulation': { running: false, speed: 120, stuck_probability: 0.1 },
    'training.step': { minutes: 30 },
    'training.changePrescription': { quantity: 30, days_supply: 30, directions: 'Take 1 tablet daily' },
    'training.cancelPrescription': { reason: 'Prescriber stopped it' },
    'prescribers.create': { first_name: 'Fuzz', last_name: 'Doctor', npi: '1234567893' },
    'prescribers.createQualification': { state: 'IL', license_number: 'IL7654321', expiration_date: '2030-01-01' },
    'prescribers.updateQualification': { description: 'Updated license' },
    'inventory.adjustQuantity': { additional_quantity: 5, reason: 'Recount' },
    'inventory.update': { notes: 'Shelf B' },
    'inventory.createAssociation': { product_id: productId, units_per_product: 1 },
    'inventory.deleteAssociation': { product_id: productId },
    'inventory.createProductInventory': {
      initial_quantity: 10,
      batch_number: 'B123456',
      expiration_date: '2030-01-01T00:00:00Z',
    },
    'products.updateOrderMaterial': { current_stock: 5 },
    'prescriptions.composite': {
      patient: { first_name: 'Fuzz', last_name: 'Composite', date_of_birth: '1991-02-03' },
      prescriber: { npi },
      order: { products: { prescription: [{ sku: 'RX-0002', quantity: 1 }] } },
      electronic_prescription: { medication: { drug_name: 'Lisinopril', quantity: 30, sig: 'Take 1 daily' } },
    },
    'patients.parseRiskFactorText': { allergies: 'peniccillin, latex', medications: 'lisinopril 10mg' },
    'barcodes.create': { expires_at: '2099-01-01T00:00:00Z' },
    'barcodes.verify': { barcode_value: 'ORDER-00000000-0000-4000-8000-000000000000-deadbeef' },
    'plants.create': { id: 1, name: 'Fern', tag: 'green' },
    'prescriptions.createElectronic': {
      patient: { id: patientId },
      prescriber: { npi },
      medication: { drug_name: 'Metformin', quantity: 60, sig: 'Take 1 twice daily' },
    },
  };
}

type Json = unknown;

function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

function setAt(value: Json, path: (string | number)[], replacement: Json | typeof REMOVE): Json {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  const next = setAt(copy[head], rest, replacement);
  if (next === undefined && replacement === REMOVE && rest.length === 0) delete copy[head];
  else copy[head] = next;
  return copy;
}
const REMOVE = Symbol('remove');

/** The valid body as it is, or with one leaf replaced by a hostile value, or with one leaf removed. */
export function mutated(example: Json, hostile: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  const paths = leafPaths(example);
  return fc.oneof(
    fc.constant(example),
    fc.tuple(fc.constantFrom(...paths), hostile).map(([path, v]) => setAt(example, path, v)),
    fc.constantFrom(...paths).map((path) => setAt(example, path, REMOVE)),
  );
}
