// Whole-word matching of free text against a list of terms ("asa" never matches "nasal").

/** Lower case, punctuation as spaces, padded: so terms match whole words. */
export function wordsOf(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Whether text already passed through wordsOf mentions the term as whole words. */
export function mentionsTerm(words: string, term: string): boolean {
  const needle = wordsOf(term);
  return needle.trim() !== '' && words.includes(needle);
}
