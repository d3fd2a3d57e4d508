// The auxiliary warnings a label carries, chosen from the drug's class (resources/vocabulary/auxiliary-warnings.json)
// and, for a controlled substance, the federal transfer warning.
import vocabulary from '../../resources/vocabulary/auxiliary-warnings.json' with { type: 'json' };
import { allergyClasses, mentions, normalise, therapyClasses } from '../clinical/drug-classes.ts';

const byClass: Record<string, readonly string[]> = vocabulary.classes;

/** The class ids a drug name falls in: allergy classes by id, else therapy classes by name in lower case. */
export function classIdsOf(drugName: string): string[] {
  const drug = normalise(drugName);
  const ids = allergyClasses.filter((c) => c.drugs.some((d) => mentions(drug, d))).map((c) => c.id);
  if (ids.length > 0) return ids;
  // A therapy class only where no allergy class knows the drug (several name the same drugs: penicillin, opioid…).
  return therapyClasses.filter((t) => t.drugs.some((d) => mentions(drug, d))).map((t) => t.name.toLowerCase());
}

/** The warnings for the label, each once, in the vocabulary's order; the controlled-substance warning last. */
export function auxiliaryWarnings(drugName: string, controlled: boolean): string[] {
  const warnings = classIdsOf(drugName).flatMap((id) => byClass[id] ?? []);
  if (controlled) warnings.push(vocabulary.controlled);
  return [...new Set(warnings)];
}
