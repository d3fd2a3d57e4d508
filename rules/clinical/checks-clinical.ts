import { type Check, type CheckInput, drugLabel, drugText } from './check-model.ts';
import { type DrugClasses, firstMention, mentions, normalise } from './drug-vocabulary.ts';
import { activeOf, capitalise, checkedWords, otherDrugsOf, riskFactorName } from './other-drugs.ts';

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
