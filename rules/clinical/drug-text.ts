// Drug names matched as whole words in a drug's description: the one way the class table and the interactions read text.

/** Lower case, punctuation as spaces, padded: so terms match whole words ("asa" never matches "nasal"). */
export function normalise(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return ` ${words} `;
}

/** Whether normalised text mentions a term as whole words. */
export function mentions(normalisedText: string, term: string): boolean {
  const needle = normalise(term);
  return needle.trim() !== '' && normalisedText.includes(needle);
}

/** The first of `terms` the text mentions, or null. */
export function firstMention(normalisedText: string, terms: readonly string[]): string | null {
  return terms.find((term) => mentions(normalisedText, term)) ?? null;
}
