// Drug-drug interactions as data a pharmacist can read: each pair of drug groups in resources/vocabulary/
// drug-classes.json (`interactions`), with what happens and the source it is taken from (`interactionSources`: the ONC
// high-priority list, Phansalkar et al., JAMIA 2012, and the FDA labels and communications behind the common
// serotonergic, bleeding and CNS-depressant pairs). This module resolves them and finds them between two drugs, the
// same whichever drug is named first.
import { firstMention } from './drug-text.ts';

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
