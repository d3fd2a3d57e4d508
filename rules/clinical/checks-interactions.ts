// The checks of the drug against the patient: allergies, therapeutic duplication (which fails, so the pharmacist
// acknowledges it) and interactions with everything else the patient takes. The interaction check goes through the table
// (resources/vocabulary/drug-classes.json `interactions`). A known interaction fails, naming both drugs, what happens
// and its source, so the pharmacist acknowledges it with a reason before "OK to fill".

import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { RiskFactorMatch } from '../../contract/service/risk-factors.ts';
import { type Check, type CheckInput, drugLabel, drugText, formatDay, plural } from './check-model.ts';
import { type DrugClasses, firstMention, interactionsBetween, mentions, normalise } from './drug-vocabulary.ts';

export function interactionCheck(input: CheckInput): Check {
  const title = 'No known drug interaction';
  const label = drugLabel(input.prescription, input.product);
  const text = normalise(drugText(input.prescription, input.product));
  const others = otherDrugsOf(input);
  const findings = others.drugs.flatMap((other) =>
    interactionsBetween(input.classes.interactions, text, other.text).map(
      ({ interaction, first, second }) =>
        `${other.said}: ${first} with ${second}, ${interaction.effect}. Source: ${interaction.source}.`,
    ),
  );
  if (findings.length) return { id: 'interactions', title, status: 'fail', reason: findings.join(' ') };
  if (others.drugs.length === 0) {
    return { id: 'interactions', title, status: 'pass', reason: 'No other medications or open prescriptions on file.' };
  }
  return {
    id: 'interactions',
    title,
    status: 'pass',
    reason: `Checked ${checkedWords(others)}: no known interaction with ${label}.`,
  };
}

/** Words that describe a form or a release rather than the drug, skipped when naming the drug. */
const FILLER = new Set(['compounded', 'generic', 'brand', 'er', 'xr', 'sr', 'xl', 'hfa', 'oral', 'tablet', 'capsule']);

/** The drug's own word ("amoxicillin" in "Amoxicillin 500 mg capsule"), for spotting the same drug twice. */
export function drugKey(label: string): string | null {
  const words = normalise(label).trim().split(' ');
  return words.find((word) => word.length > 2 && !/^\d/.test(word) && !FILLER.has(word)) ?? null;
}

/** The patient's allergies against the drug, through the class table and by name. */
export function allergyCheck(input: CheckInput): Check {
  const title = 'No allergy conflict';
  const drug = drugLabel(input.prescription, input.product);
  const text = normalise(drugText(input.prescription, input.product));
  const allergies = activeOf(input.riskFactors, 'allergy');
  if (allergies.length === 0) {
    return { id: 'allergy', title, status: 'pass', reason: 'No allergies on file for this patient.' };
  }
  const fails: string[] = [];
  const warns: string[] = [];
  const unknown: string[] = [];
  const clear: string[] = [];
  for (const allergy of allergies) {
    const name = riskFactorName(allergy);
    const classes = input.classes.classesOfAllergy(name);
    const sameClass = classes.find((c) => firstMention(text, c.drugs) !== null);
    if (sameClass) {
      fails.push(`${capitalise(name)} allergy on file, ${drug} is ${sameClass.member}.`);
      continue;
    }
    if (mentions(text, name)) {
      fails.push(`${capitalise(name)} allergy on file, and this prescription is ${drug}.`);
      continue;
    }
    const related = classes.find((c) => c.related && firstMention(text, c.related.drugs) !== null)?.related;
    if (related) {
      warns.push(`${capitalise(name)} allergy on file: ${drug} is ${related.member}; ${related.why}.`);
      continue;
    }
    if (classes.length > 0 || input.classes.isNonDrugAllergen(name)) clear.push(name);
    else unknown.push(name);
  }
  if (fails.length) return { id: 'allergy', title, status: 'fail', reason: [...fails, ...warns].join(' ') };
  if (warns.length) return { id: 'allergy', title, status: 'warn', reason: warns.join(' ') };
  if (unknown.length) {
    const checked = clear.length ? ` No conflict with: ${clear.join(', ')}.` : '';
    return {
      id: 'allergy',
      title,
      status: 'warn',
      reason: `Not in the station's drug-class table, so check by hand: ${unknown.join(', ')}.${checked}`,
    };
  }
  return {
    id: 'allergy',
    title,
    status: 'pass',
    reason: `No conflict with the allergies on file: ${clear.join(', ')}.`,
  };
}

/** Why two drugs duplicate each other, or null: the same drug, or another of the same therapy class. */
function duplication(
  classes: DrugClasses,
  drug: { key: string | null; classes: string[] },
  other: string,
): string | null {
  if (drug.key && mentions(other, drug.key)) return 'the same drug';
  const otherClasses = classes.therapyClassesOf(other);
  const shared = drug.classes.find((c) => otherClasses.includes(c));
  return shared ? `another ${shared}` : null;
}

/**
 * Therapeutic duplication: the drug against the patient's medication list and their other open prescriptions. A
 * duplicate fails, so the pharmacist acknowledges it with a reason (three open tramadol prescriptions are not a note).
 */
export function medicationCheck(input: CheckInput): Check {
  const title = 'No duplicate therapy';
  const label = drugLabel(input.prescription, input.product);
  const text = normalise(drugText(input.prescription, input.product));
  const drug = { key: drugKey(label), classes: input.classes.therapyClassesOf(text) };
  const others = otherDrugsOf(input);
  const findings = others.drugs.flatMap((other) => {
    const why = duplication(input.classes, drug, other.text);
    return why ? [`${other.said}: ${why}.`] : [];
  });
  if (findings.length) return { id: 'medications', title, status: 'fail', reason: findings.join(' ') };
  if (others.drugs.length === 0) {
    return { id: 'medications', title, status: 'pass', reason: 'No other medications or open prescriptions on file.' };
  }
  return {
    id: 'medications',
    title,
    status: 'pass',
    reason: `Checked ${checkedWords(others)}: no duplicate of ${label}.`,
  };
}

// What else the patient takes, for the duplicate and interaction checks: the active medications on their list and
// their other open prescriptions, each with its text to match and the words that say where it was found.

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
