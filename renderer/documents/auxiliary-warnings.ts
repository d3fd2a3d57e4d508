// The auxiliary warnings a label carries, chosen from the drug's class (resources/vocabulary/auxiliary-warnings.json)
// and, for a controlled substance, the federal transfer warning.
import vocabulary from '../../resources/vocabulary/auxiliary-warnings.json' with { type: 'json' };
import { allergyClasses, mentions, normalise, therapyClasses } from '../screens/prescription/drug-classes.ts';

const byClass: Record<string, readonly string[]> = vocabulary.classes;

/** The class ids a drug name falls in: allergy classes by id, therapy classes by name in lower case. */
export function classIdsOf(drugName: string): string[] {
  const drug = normalise(drugName);
  const ids = allergyClasses.filter((c) => c.drugs.some((d) => mentions(drug, d))).map((c) => c.id);
  for (const therapy of therapyClasses) {
    if (therapy.drugs.some((d) => mentions(drug, d))) ids.push(therapy.name.toLowerCase());
  }
  return [...new Set(ids)];
}

/** The warnings for the label, each once, in the vocabulary's order; the controlled-substance warning last. */
export function auxiliaryWarnings(drugName: string, controlled: boolean): string[] {
  const warnings = classIdsOf(drugName).flatMap((id) => byClass[id] ?? []);
  if (controlled) warnings.push(vocabulary.controlled);
  return [...new Set(warnings)];
}
