// The clinical checks: the drug against the patient's allergies, and against their other medications and prescriptions.
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { RiskFactorMatch } from '../../contract/service/risk-factors.ts';
import { type Check, type CheckInput, drugLabel, drugText, plural } from './check-model.ts';
import { formatDay } from './dates.ts';
import { type DrugClasses, firstMention, mentions, normalise } from './drug-classes.ts';

/** Prescription statuses that are still to be filled; the others are done with or stopped. */
const OPEN_STATUSES = new Set(['new', 'reviewed', 'verified', 'exception']);

/** Words that describe a form or a release rather than the drug, skipped when naming the drug. */
const FILLER = new Set(['compounded', 'generic', 'brand', 'er', 'xr', 'sr', 'xl', 'hfa', 'oral', 'tablet', 'capsule']);

function activeOf(riskFactors: readonly RiskFactorMatch[], type: string): RiskFactorMatch[] {
  return riskFactors.filter((rf) => rf.type === type && rf.is_active !== false);
}

function riskFactorName(rf: RiskFactorMatch): string {
  return rf.name?.trim() || rf.text_chunk?.trim() || rf.medication_detail?.name?.trim() || 'an unnamed entry';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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

/** Why two drugs should not both be taken, or null: the same drug, the same class, or a known interaction. */
function overlap(
  classes: DrugClasses,
  drug: { key: string | null; text: string; classes: string[] },
  other: { text: string },
): string | null {
  if (drug.key && mentions(other.text, drug.key)) return 'the same drug';
  const otherClasses = classes.therapyClassesOf(other.text);
  const shared = drug.classes.find((c) => otherClasses.includes(c));
  if (shared) return `another ${shared}`;
  for (const { a, b, why } of classes.classInteractions) {
    if (
      (drug.classes.includes(a) && otherClasses.includes(b)) ||
      (drug.classes.includes(b) && otherClasses.includes(a))
    )
      return `an interaction: ${why}`;
  }
  return null;
}

function prescriptionLabel(item: PrescriptionItem): string {
  const name = drugLabel(item, null);
  return item.strength && !name.includes(item.strength) ? `${name} ${item.strength}` : name;
}

/** The drug against the patient's medication list and their other open prescriptions. */
export function medicationCheck(input: CheckInput): Check {
  const title = 'No duplicate or interacting medication';
  const label = drugLabel(input.prescription, input.product);
  const text = normalise(drugText(input.prescription, input.product));
  const drug = { key: drugKey(label), text, classes: input.classes.therapyClassesOf(text) };
  const findings: string[] = [];

  const medications = activeOf(input.riskFactors, 'medication');
  for (const medication of medications) {
    const detail = medication.medication_detail;
    const medText = normalise(
      [medication.name, detail?.name, detail?.ingredient_name, detail?.brand_name].filter(Boolean).join(' '),
    );
    const why = overlap(input.classes, drug, { text: medText });
    if (why) findings.push(`${capitalise(riskFactorName(medication))} is on the medication list: ${why}.`);
  }

  const others = input.patientPrescriptions.filter(
    (item) => item.id !== input.prescription.id && (item.status == null || OPEN_STATUSES.has(item.status)),
  );
  for (const other of others) {
    const why = overlap(input.classes, drug, { text: normalise(drugText(other, null)) });
    if (!why) continue;
    const written = formatDay(other.written_at);
    findings.push(
      `Another open prescription for ${prescriptionLabel(other)}${written ? `, written ${written}` : ''}: ${why}.`,
    );
  }

  if (findings.length) return { id: 'medications', title, status: 'warn', reason: findings.join(' ') };
  if (medications.length === 0 && others.length === 0) {
    return { id: 'medications', title, status: 'pass', reason: 'No other medications or open prescriptions on file.' };
  }
  const counted = [
    medications.length ? plural(medications.length, 'medication on file', 'medications on file') : null,
    others.length ? plural(others.length, 'other open prescription', 'other open prescriptions') : null,
  ].filter(Boolean);
  return {
    id: 'medications',
    title,
    status: 'pass',
    reason: `Checked ${counted.join(' and ')}: no duplicate or known interaction with ${label}.`,
  };
}
