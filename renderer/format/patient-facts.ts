// The patient as the order view shows them: age from the date of birth, minor with guardian, risk factors by type.

import type { Patient, RiskFactorMatch } from '../../contract/service/patients.ts';
import { isMinor } from '../../rules/days.ts';
import { personName } from '../../rules/words/person-name.ts';
import { ageOn as ageOnDay, localDay } from './record-values.ts';

/**
 * Whole years from a YYYY-MM-DD date of birth to `today` (the station's calendar). Null for a missing, unreadable or
 * future date. A 29 February birthday counts from 1 March in other years.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: Date): number | null {
  return ageOnDay(dateOfBirth, localDay(today));
}

export interface Guardian {
  name: string | null;
  relationship: string | null;
  phone: string | null;
  email: string | null;
}

export interface PatientFacts {
  name: string;
  age: number | null;
  /** Null when neither the service nor the date of birth says. */
  minor: boolean | null;
  /** Only what is on file; null when there is no guardian detail at all. */
  guardian: Guardian | null;
  /** A minor with no guardian name or way to reach one: the pharmacist must know before anything ships. */
  guardianMissing: boolean;
}

function guardianOf(patient: Patient): Guardian | null {
  const guardian = {
    name: patient.guardian_name?.trim() || null,
    relationship: patient.guardian_relationship?.trim() || null,
    phone: patient.guardian_phone?.trim() || null,
    email: patient.guardian_email?.trim() || null,
  };
  return Object.values(guardian).some(Boolean) ? guardian : null;
}

/**
 * Age, minor flag and guardian. Minor is the rules' one rule (rules/days.ts `isMinor`): the service's own `is_minor`
 * wins when it gives one (it counts on its clock, which the training simulation may run ahead); otherwise the age.
 */
export function patientFacts(patient: Patient | null | undefined, today: Date): PatientFacts {
  if (!patient) return { name: 'No patient on file', age: null, minor: null, guardian: null, guardianMissing: false };
  const age = ageOn(patient.date_of_birth, today);
  const minor = isMinor(patient, localDay(today));
  const guardian = guardianOf(patient);
  const reachable = Boolean(guardian?.name && (guardian.phone || guardian.email));
  return {
    name: personName(patient.first_name, patient.middle_name, patient.last_name) ?? 'No name on file',
    age,
    minor,
    guardian,
    guardianMissing: minor === true && !reachable,
  };
}

export interface RiskFactorGroups {
  allergies: string[];
  conditions: string[];
  medications: string[];
  /** A type the station does not know, as "type: name". */
  other: string[];
}

function riskFactorName(match: RiskFactorMatch): string | null {
  return match.name?.trim() || match.medication_detail?.name?.trim() || match.text_chunk?.trim() || null;
}

/** The patient's active risk factors by type, each name once (case-insensitive), in the service's order. */
export function groupRiskFactors(matches: readonly RiskFactorMatch[]): RiskFactorGroups {
  const groups: RiskFactorGroups = { allergies: [], conditions: [], medications: [], other: [] };
  const seen = new Set<string>();
  for (const match of matches) {
    if (match.is_active === false) continue;
    const name = riskFactorName(match);
    if (!name) continue;
    const type = (match.type ?? '').trim().toLowerCase();
    const key = `${type}\u0000${name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (type === 'allergy') groups.allergies.push(name);
    else if (type === 'condition') groups.conditions.push(name);
    else if (type === 'medication') groups.medications.push(name);
    else groups.other.push(type ? `${type}: ${name}` : name);
  }
  return groups;
}

/** The yes/no risks kept on the patient record itself. */
export function patientFlags(patient: Patient | null | undefined): string[] {
  if (!patient) return [];
  return [
    patient.is_pregnant ? 'Pregnant' : null,
    patient.is_diabetic ? 'Diabetic' : null,
    patient.is_smoker ? 'Smoker' : null,
  ].filter((flag): flag is string => flag !== null);
}
