// The station's small drug-class table: which allergies rule out which drugs, and which drugs duplicate each other.
// It is a safety net for the checks panel, not a clinical reference: it knows the common classes in
// resources/vocabulary/drug-classes.json and says so when an allergy is outside it, so a pharmacist checks that one by
// hand. The data lives in that file (its ids are stable keys, resources/README.md); the compiler checks its shape,
// this module resolves the drug groups it names and matches text against it. Each side passes the file in
// (main/work/review/review-reads.ts, main/work/work-queue/): the rules read no file themselves. Below, drug names
// matched as words, and its interactions, each citing a source.
import { mentionsTerm, wordsOf } from '../words/text-match.ts';

/** A class of drugs an allergy can rule out. `related` drugs are a neighbouring class: a warning, not a stop. */
export interface AllergyClass {
  id: string;
  /** The class in words, singular: "amoxicillin is a penicillin". */
  member: string;
  /** How patients and clinicians write an allergy to this class (any of them puts the class in play). */
  allergyTerms: readonly string[];
  /** Drugs in the class (generic and common brand names). A match is a fail. */
  drugs: readonly string[];
  related?: { member: string; drugs: readonly string[]; why: string };
}

/** Drugs that duplicate each other: `id` is the stable key, `name` the words shown. */
export interface TherapyClass {
  id: string;
  name: string;
  drugs: readonly string[];
}

/** The file's shape, checked by the compiler against the JSON itself (the import below must satisfy it). */
export interface DrugClassFile extends InteractionFile {
  drugGroups: Record<string, { about?: string; drugs: string[] }>;
  allergyClasses: {
    id: string;
    member: string;
    allergyTerms: string[];
    drugGroups: string[];
    related?: { member: string; drugGroups: string[]; why: string };
  }[];
  nonDrugAllergens: string[];
  therapyClasses: { id: string; name: string; drugGroups: string[] }[];
}

/** The classes of one drug-class file, resolved, with the look-ups the checks make. */
export interface DrugClasses {
  allergyClasses: readonly AllergyClass[];
  nonDrugAllergens: readonly string[];
  therapyClasses: readonly TherapyClass[];
  /** Pairs of drug groups that interact badly when taken together, each with its source. */
  interactions: readonly Interaction[];
  /** The allergy classes an allergy (as written on the patient) belongs to. */
  classesOfAllergy(allergy: string): AllergyClass[];
  isNonDrugAllergen(allergy: string): boolean;
  /** The therapy classes a drug description falls in. */
  therapyClassesOf(normalisedDrug: string): string[];
}

export function readDrugClasses(data: DrugClassFile): DrugClasses {
  /** The drugs of the named groups, in order; a name the file does not define is a broken file, not an empty class. */
  function drugsOf(groupIds: readonly string[]): readonly string[] {
    return groupIds.flatMap((groupId) => {
      const group = data.drugGroups[groupId];
      if (!group) throw new Error(`drug-classes.json: no drug group "${groupId}"`);
      return group.drugs;
    });
  }
  const allergyClasses: readonly AllergyClass[] = data.allergyClasses.map(({ related, drugGroups, ...rest }) => ({
    ...rest,
    drugs: drugsOf(drugGroups),
    ...(related ? { related: { member: related.member, drugs: drugsOf(related.drugGroups), why: related.why } } : {}),
  }));
  const therapyClasses: readonly TherapyClass[] = data.therapyClasses.map(({ id, name, drugGroups }) => ({
    id,
    name,
    drugs: drugsOf(drugGroups),
  }));
  const nonDrugAllergens: readonly string[] = data.nonDrugAllergens;
  return {
    allergyClasses,
    nonDrugAllergens,
    therapyClasses,
    interactions: readInteractions(data, drugsOf),
    classesOfAllergy(allergy) {
      const text = normalise(allergy);
      return allergyClasses.filter((c) => c.allergyTerms.some((term) => mentions(text, term)));
    },
    isNonDrugAllergen(allergy) {
      const text = normalise(allergy);
      return nonDrugAllergens.some((term) => mentions(text, term));
    },
    therapyClassesOf(normalisedDrug) {
      return therapyClasses.filter((c) => firstMention(normalisedDrug, c.drugs) !== null).map((c) => c.name);
    },
  };
}

// Drug names matched as whole words in a drug's description: the rules' one text matching (rules/words/text-match.ts),
// under the names the class table and the interactions use.

/** Lower case, punctuation as spaces, padded: so terms match whole words ("asa" never matches "nasal"). */
export const normalise = wordsOf;

/** Whether normalised text mentions a term as whole words. */
export const mentions = mentionsTerm;

/** The first of `terms` the text mentions, or null. */
export function firstMention(normalisedText: string, terms: readonly string[]): string | null {
  return terms.find((term) => mentions(normalisedText, term)) ?? null;
}

// Drug-drug interactions as data a pharmacist can read: each pair of drug groups in resources/vocabulary/
// drug-classes.json (`interactions`), with what happens and the source it is taken from (`interactionSources`: the ONC
// high-priority list, Phansalkar et al., JAMIA 2012, and the FDA labels and communications behind the common
// serotonergic, bleeding and CNS-depressant pairs). These resolve them and find them between two drugs, the
// same whichever drug is named first.

/** The file's shape for interactions: pairs of drug-group ids, each citing a source by its id. */
export interface InteractionFile {
  interactionSources: Record<string, string>;
  interactions: { id: string; a: string[]; b: string[]; effect: string; source: string }[];
}

/** One interaction, resolved: the drugs on each side, what happens, and the source in words. */
export interface Interaction {
  id: string;
  a: readonly string[];
  b: readonly string[];
  effect: string;
  source: string;
}

/** An interaction found between two drugs: which drug of each matched (in the order they were asked). */
export interface InteractionFound {
  interaction: Interaction;
  first: string;
  second: string;
}

export function readInteractions(
  data: InteractionFile,
  drugsOf: (groupIds: readonly string[]) => readonly string[],
): readonly Interaction[] {
  return data.interactions.map(({ id, a, b, effect, source }) => {
    const cited = data.interactionSources[source];
    if (!cited) throw new Error(`drug-classes.json: interaction "${id}" cites no known source "${source}"`);
    return { id, a: drugsOf(a), b: drugsOf(b), effect, source: cited };
  });
}

/**
 * The interactions between two drug descriptions (normalised text), each at most once. Symmetric: asking (x, y) finds
 * what asking (y, x) finds, with the matched drugs swapped. Two mentions of one drug are a duplicate, not an
 * interaction of a group with itself.
 */
export function interactionsBetween(
  interactions: readonly Interaction[],
  first: string,
  second: string,
): InteractionFound[] {
  const found: InteractionFound[] = [];
  for (const interaction of interactions) {
    const forward = sides(interaction.a, interaction.b, first, second);
    const backward = forward ? null : sides(interaction.a, interaction.b, second, first);
    if (forward) found.push({ interaction, first: forward.x, second: forward.y });
    else if (backward) found.push({ interaction, first: backward.y, second: backward.x });
  }
  return found;
}

function sides(a: readonly string[], b: readonly string[], x: string, y: string): { x: string; y: string } | null {
  const inA = firstMention(x, a);
  const inB = firstMention(y, b);
  if (inA === null || inB === null || inA === inB) return null;
  return { x: inA, y: inB };
}
