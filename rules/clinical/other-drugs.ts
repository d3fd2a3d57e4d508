// What else the patient takes, for the duplicate and interaction checks: the active medications on their list and
// their other open prescriptions, each with its text to match and the words that say where it was found.
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { RiskFactorMatch } from '../../contract/service/risk-factors.ts';
import { type CheckInput, drugLabel, drugText, plural } from './check-model.ts';
import { formatDay } from './dates.ts';
import { normalise } from './drug-text.ts';

/** Prescription statuses that are still to be filled; the others are done with or stopped. */
const OPEN_STATUSES = new Set(['new', 'reviewed', 'verified', 'exception']);

export function activeOf(riskFactors: readonly RiskFactorMatch[], type: string): RiskFactorMatch[] {
  return riskFactors.filter((rf) => rf.type === type && rf.is_active !== false);
}

export function riskFactorName(rf: RiskFactorMatch): string {
  return rf.name?.trim() || rf.text_chunk?.trim() || rf.medication_detail?.name?.trim() || 'an unnamed entry';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function prescriptionLabel(item: PrescriptionItem): string {
  const name = drugLabel(item, null);
  return item.strength && !name.includes(item.strength) ? `${name} ${item.strength}` : name;
}

/** One other drug: its normalised text, its name, and where it was found, as the start of a sentence. */
export interface OtherDrug {
  text: string;
  name: string;
  said: string;
}

export interface OtherDrugs {
  medications: number;
  prescriptions: number;
  drugs: OtherDrug[];
}

export function otherDrugsOf(input: CheckInput): OtherDrugs {
  const medications = activeOf(input.riskFactors, 'medication').map((medication) => {
    const detail = medication.medication_detail;
    const name = capitalise(riskFactorName(medication));
    const words = [medication.name, detail?.name, detail?.ingredient_name, detail?.brand_name].filter(Boolean);
    return { text: normalise(words.join(' ')), name, said: `${name} is on the medication list` };
  });
  const prescriptions = input.patientPrescriptions
    .filter((item) => item.id !== input.prescription.id && (item.status == null || OPEN_STATUSES.has(item.status)))
    .map((other) => {
      const written = formatDay(other.written_at);
      const name = prescriptionLabel(other);
      return {
        text: normalise(drugText(other, null)),
        name,
        said: `Another open prescription for ${name}${written ? `, written ${written}` : ''}`,
      };
    });
  return {
    medications: medications.length,
    prescriptions: prescriptions.length,
    drugs: [...medications, ...prescriptions],
  };
}

/** "1 medication on file and 2 other open prescriptions": what a passing check looked at. */
export function checkedWords(others: OtherDrugs): string {
  return [
    others.medications ? plural(others.medications, 'medication on file', 'medications on file') : null,
    others.prescriptions ? plural(others.prescriptions, 'other open prescription', 'other open prescriptions') : null,
  ]
    .filter(Boolean)
    .join(' and ');
}
