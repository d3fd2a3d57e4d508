// Service-shaped records for the checks tests: a sensible default for each, overridden per case.

import type { Patient } from '../../../../contract/service/patient-schemas.ts';
import type { Prescriber, Qualification } from '../../../../contract/service/prescribers.ts';
import type { PrescriptionItem } from '../../../../contract/service/prescriptions.ts';
import type { PrescriptionProduct } from '../../../../contract/service/products.ts';
import type { RiskFactorMatch } from '../../../../contract/service/risk-factors.ts';
import limitsTable from '../../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import type { ClinicalLimit } from '../../../../rules/clinical/check-model.ts';
import type { CheckInput } from '../../../../rules/clinical/checks.ts';
import { readDrugClasses } from '../../../../rules/clinical/drug-vocabulary.ts';

/** The drug-class table the station ships, resolved as main and the renderer resolve it. */
export const classes = readDrugClasses(table);

export const TODAY = '2026-06-15';

let counter = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function prescription(over: Partial<PrescriptionItem> = {}): PrescriptionItem {
  return {
    id: nextId(),
    drug_name: 'Lisinopril',
    strength: '10 mg',
    sig: 'Take 1 tablet by mouth once daily',
    quantity: 30,
    units: 'each',
    refills: 2,
    fills_remaining: 3,
    written_at: '2026-06-01T15:00:00Z',
    expires_at: '2027-06-01T15:00:00Z',
    status: 'new',
    ...over,
  };
}

export function product(over: Partial<PrescriptionProduct> = {}): PrescriptionProduct {
  return { id: nextId(), sku: 'RX-0001', name: 'Lisinopril 10 mg tablet', is_controlled_substance: false, ...over };
}

export function license(over: Partial<Qualification> = {}): Qualification {
  return {
    id: nextId(),
    state: 'TX',
    license_number: 'TX1234567',
    expiration_date: '2027-12-31',
    is_active: true,
    ...over,
  };
}

/** DEA BE1234563: (1+3+5) + 2*(2+4+6) = 33, check digit 3; E matches the last name Example. */
export const VALID_DEA = 'BE1234563';

export function prescriber(over: Partial<Prescriber> = {}): Prescriber {
  return {
    id: nextId(),
    first_name: 'Riley',
    last_name: 'Example',
    npi: '1234567893',
    dea: VALID_DEA,
    is_active: true,
    qualifications: [license()],
    restrictions: [],
    ...over,
  };
}

export function patient(over: Partial<Patient> = {}): Patient {
  return {
    id: nextId(),
    first_name: 'Avery',
    last_name: 'Sample',
    date_of_birth: '1980-02-29',
    is_minor: false,
    address: { state: 'TX' },
    ...over,
  };
}

export function allergy(name: string, over: Partial<RiskFactorMatch> = {}): RiskFactorMatch {
  return { id: nextId(), type: 'allergy', name, is_active: true, ...over };
}

export function medication(name: string, over: Partial<RiskFactorMatch> = {}): RiskFactorMatch {
  return { id: nextId(), type: 'medication', name, is_active: true, ...over };
}

/** A clean case: every check passes unless a test changes something. */
export function input(over: Partial<CheckInput> = {}): CheckInput {
  return {
    prescription: prescription(),
    product: product(),
    patient: patient(),
    prescriber: prescriber(),
    riskFactors: [],
    patientPrescriptions: [],
    shippingState: { state: 'TX', from: 'order' },
    today: TODAY,
    classes,
    limits: limitsTable.entries as ClinicalLimit[],
    schedules,
    ...over,
  };
}
