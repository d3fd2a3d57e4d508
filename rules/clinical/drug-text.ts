// Drug names matched as whole words in a drug's description: the rules' one text matching (rules/words/text-match.ts),
// under the names the class table and the interactions use.
import { mentionsTerm, wordsOf } from '../words/text-match.ts';

/** Lower case, punctuation as spaces, padded: so terms match whole words ("asa" never matches "nasal"). */
export const normalise = wordsOf;

/** Whether normalised text mentions a term as whole words. */
export const mentions = mentionsTerm;

/** The first of `terms` the text mentions, or null. */
export function firstMention(normalisedText: string, terms: readonly string[]): string | null {
  return terms.find((term) => mentions(normalisedText, term)) ?? null;
}
