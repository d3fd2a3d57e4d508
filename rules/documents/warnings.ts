// The auxiliary warnings a label carries: by the drug's class, from vocabulary data the caller passes (main reads it
// from resources/vocabulary/), plus the federal transfer warning for a controlled substance.
import { mentionsTerm, wordsOf } from '../words/text-match.ts';

export interface WarningVocabulary {
  /** Warnings by class id (allergy classes by id, therapy classes by their name in lower case). */
  classes: Readonly<Record<string, readonly string[]>>;
  /** The controlled-substance warning. */
  controlled: string;
  allergyClasses: readonly { id: string; drugs: readonly string[] }[];
  therapyClasses: readonly { name: string; drugs: readonly string[] }[];
}

/**
 * The class ids a drug name falls in: allergy classes by id, then therapy classes by name in lower case. Both count:
 * tramadol is in no allergy class (codeine's is the phenanthrenes) but is an opioid, and its label warns as one.
 */
export function classIdsOf(drugName: string, vocabulary: WarningVocabulary): string[] {
  const drug = wordsOf(drugName);
  const known = (drugs: readonly string[]) => drugs.some((each) => mentionsTerm(drug, each));
  return [
    ...vocabulary.allergyClasses.filter((c) => known(c.drugs)).map((c) => c.id),
    ...vocabulary.therapyClasses.filter((c) => known(c.drugs)).map((c) => c.name.toLowerCase()),
  ];
}

/** The warnings for the label, each once, in the vocabulary's order; the controlled-substance warning last. */
export function auxiliaryWarnings(drugName: string, controlled: boolean, vocabulary: WarningVocabulary): string[] {
  const warnings = classIdsOf(drugName, vocabulary).flatMap((id) => vocabulary.classes[id] ?? []);
  if (controlled) warnings.push(vocabulary.controlled);
  return [...new Set(warnings)];
}
