// The station's small drug-class table: which allergies rule out which drugs, and which drugs duplicate each other.
// It is a safety net for the checks panel, not a clinical reference: it knows the common classes in
// resources/vocabulary/drug-classes.json and says so when an allergy is outside it, so a pharmacist checks that one by
// hand. The data lives in that file (its ids are stable keys, resources/README.md); the compiler checks its shape,
// this module resolves the drug groups it names and matches text against it. Each side passes the file in
// (main/work/review/review-checks.ts, main/work/work-queue/): the rules read no file themselves. Its
// interactions, each citing a source, are resolved by interactions.ts.
import { firstMention, mentions, normalise } from './drug-text.ts';
import { type Interaction, type InteractionFile, readInteractions } from './interactions.ts';

export { firstMention, mentions, normalise } from './drug-text.ts';

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
