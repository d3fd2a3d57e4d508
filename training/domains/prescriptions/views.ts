// Prescription rows and how the contract shows them: the prescription item, the electronic prescription, the detail.
import type { Db } from '../../database/db.ts';
import { customerId, docOf } from '../../database/records.ts';
import { type PatientRow, patientView } from '../patients/patients-repository.ts';
import { type PrescriberRow, prescriberView } from '../prescribers/prescribers-repository.ts';
import { type ProductRow, productView } from '../products/products-repository.ts';

export interface PrescriptionRow {
  id: string;
  electronic_prescription_id: string;
  patient_id: string | null;
  prescriber_id: string | null;
  prescription_product_id: string | null;
  status: string;
  drug_name: string | null;
  doc: string;
  written_at: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What a prescription item keeps in `doc`: the medication as prescribed. */
export interface PrescriptionDoc {
  name?: string;
  description?: string;
  directions?: string;
  sig?: string;
  strength?: string;
  quantity?: number;
  units?: string;
  refills?: number;
  fills_remaining?: number;
  days_supply?: number;
  substitution_allowed?: boolean;
  product_code?: string;
  product_code_type?: string;
  serial_number?: string;
  notes?: string;
}

export interface ElectronicPrescriptionRow {
  id: string;
  patient_id: string | null;
  prescriber_id: string | null;
  order_id: string | null;
  source: string | null;
  type: string | null;
  reference_number: string | null;
  doc: string;
  created_at: string;
  updated_at: string;
}

/** The patient_* and prescriber_* fields: the people as they were when the prescription was written. */
export type Snapshot = Record<string, string | null>;

const ITEM_DOC_FIELDS = [
  'name',
  'description',
  'directions',
  'sig',
  'strength',
  'quantity',
  'units',
  'refills',
  'fills_remaining',
  'days_supply',
  'substitution_allowed',
  'product_code',
  'product_code_type',
  'serial_number',
  'notes',
] as const satisfies readonly (keyof PrescriptionDoc)[];

/** One prescription item as the contract shows it; fields never given are null. */
export function prescriptionView(db: Db, row: PrescriptionRow) {
  const doc = docOf<PrescriptionDoc>(row);
  const fromDoc: Record<string, unknown> = {};
  for (const key of ITEM_DOC_FIELDS) fromDoc[key] = doc[key] ?? null;
  return {
    id: row.id,
    customer_id: customerId(db),
    electronic_prescription_id: row.electronic_prescription_id,
    patient_id: row.patient_id,
    prescriber_id: row.prescriber_id,
    prescription_product_id: row.prescription_product_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    drug_name: row.drug_name,
    ...fromDoc,
    written_at: row.written_at,
    expires_at: row.expires_at,
    status: row.status,
  };
}

export function prescriptionsOfElectronic(db: Db, electronicPrescriptionId: string): PrescriptionRow[] {
  return db.all<PrescriptionRow>(
    'SELECT * FROM prescriptions WHERE electronic_prescription_id = ? ORDER BY created_at, rowid',
    electronicPrescriptionId,
  );
}

/** An electronic prescription with its prescriptions and the patient/prescriber snapshot taken when it was made. */
export function electronicPrescriptionView(db: Db, row: ElectronicPrescriptionRow) {
  const snapshot = docOf<{ snapshot?: Snapshot }>(row).snapshot ?? {};
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    customer_id: customerId(db),
    patient_id: row.patient_id,
    prescriber_id: row.prescriber_id,
    order_id: row.order_id,
    source: row.source,
    type: row.type,
    reference_number: row.reference_number,
    prescriptions: prescriptionsOfElectronic(db, row.id).map((p) => prescriptionView(db, p)),
    ...snapshot,
  };
}

/** A prescription with its patient, prescriber, product and electronic prescription embedded (`include_all`). */
export function prescriptionDetailView(db: Db, row: PrescriptionRow, now: Date) {
  const patient = row.patient_id
    ? db.get<PatientRow>('SELECT * FROM patients WHERE id = ?', row.patient_id)
    : undefined;
  const prescriber = row.prescriber_id
    ? db.get<PrescriberRow>('SELECT * FROM prescribers WHERE id = ?', row.prescriber_id)
    : undefined;
  const product = row.prescription_product_id
    ? db.get<ProductRow>('SELECT * FROM products WHERE id = ?', row.prescription_product_id)
    : undefined;
  const electronic = db.get<ElectronicPrescriptionRow>(
    'SELECT * FROM electronic_prescriptions WHERE id = ?',
    row.electronic_prescription_id,
  );
  return {
    ...prescriptionView(db, row),
    patient: patient ? patientView(db, patient, now) : null,
    prescriber: prescriber ? prescriberView(db, prescriber) : null,
    product: product ? productView(product) : null,
    electronic_prescription: electronic ? electronicPrescriptionView(db, electronic) : null,
  };
}
