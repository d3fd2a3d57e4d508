// The intake as typed: four optional parts (patient, prescriber, order, electronic prescription), all text, never lost.
import { emptyPatientForm, type PatientFormValues } from '../../records/patient-form.ts';
import { emptyPrescriberForm, type PrescriberFormValues } from '../../records/prescriber-form.ts';

export const parts = ['patient', 'prescriber', 'order', 'prescription'] as const;
export type Part = (typeof parts)[number];

/** The composite body's key for each part. */
export const bodyKeyOf: Record<Part, string> = {
  patient: 'patient',
  prescriber: 'prescriber',
  order: 'order',
  prescription: 'electronic_prescription',
};

export const partTitles: Record<Part, string> = {
  patient: 'Patient',
  prescriber: 'Prescriber',
  order: 'Order',
  prescription: 'Electronic prescription',
};

/** Left out, new data, or an existing record named by a key. Order and prescription are never references here. */
export type PartMode = 'none' | 'new' | 'existing';

export type PatientRefKey = 'id' | 'external_id';
export type PrescriberRefKey = 'id' | 'npi';

export const productKinds = ['prescription', 'non_prescription', 'order_material'] as const;
export type ProductKind = (typeof productKinds)[number];
export const productKeys = ['sku', 'product_code', 'id'] as const;
export type ProductKey = (typeof productKeys)[number];

export interface OrderLineDraft {
  kind: ProductKind;
  by: ProductKey;
  value: string;
  quantity: string;
}

export const orderTextKeys = [
  'external_id',
  'carrier',
  'service_level',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip_code',
] as const;
export type OrderTextKey = (typeof orderTextKeys)[number];

export const medicationKeys = [
  'drug_name',
  'strength',
  'quantity',
  'units',
  'directions',
  'refills',
  'days_supply',
  'substitution',
  'written_at',
  'notes',
] as const;
export type MedicationKey = (typeof medicationKeys)[number];
/** `substitution` is '' (not said), 'allowed' or 'not_allowed'. */
export type MedicationDraft = Record<MedicationKey, string>;

export const prescriptionTextKeys = ['source', 'type', 'reference_number'] as const;
export type PrescriptionTextKey = (typeof prescriptionTextKeys)[number];

export interface IntakeDraft {
  patient: { mode: PartMode; refKey: PatientRefKey; ref: string; fields: PatientFormValues };
  prescriber: { mode: PartMode; refKey: PrescriberRefKey; ref: string; fields: PrescriberFormValues };
  order: { mode: 'none' | 'new'; fields: Record<OrderTextKey, string>; lines: OrderLineDraft[]; forceNew: boolean };
  prescription: {
    mode: 'none' | 'new';
    fields: Record<PrescriptionTextKey, string>;
    medications: MedicationDraft[];
  };
}

export function emptyMedication(): MedicationDraft {
  return Object.fromEntries(medicationKeys.map((key) => [key, ''])) as MedicationDraft;
}

export function emptyOrderLine(): OrderLineDraft {
  return { kind: 'prescription', by: 'sku', value: '', quantity: '1' };
}

export function emptyDraft(): IntakeDraft {
  return {
    patient: { mode: 'none', refKey: 'id', ref: '', fields: emptyPatientForm() },
    prescriber: { mode: 'none', refKey: 'npi', ref: '', fields: emptyPrescriberForm() },
    order: {
      mode: 'none',
      fields: Object.fromEntries(orderTextKeys.map((key) => [key, ''])) as Record<OrderTextKey, string>,
      lines: [],
      forceNew: false,
    },
    prescription: {
      mode: 'none',
      fields: { source: '', type: '', reference_number: '' },
      medications: [emptyMedication()],
    },
  };
}

export function modeOf(draft: IntakeDraft, part: Part): PartMode {
  return draft[part].mode;
}

/** The parts that will be sent: every part not left out. */
export function chosenParts(draft: IntakeDraft): Part[] {
  return parts.filter((part) => draft[part].mode !== 'none');
}

/** True when something has been typed or chosen (so clearing it asks first). */
export function hasInput(draft: IntakeDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(emptyDraft());
}
