// The terms of a search as the service reads them: "quoted phrases" and single words, every one required.

/** Control characters separate terms (the service reads them so too). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Splits a query into its terms, as training/domains/search/query.ts does: text in double quotes is one phrase
 * (inner spaces collapsed, an unclosed quote runs to the end), everything else splits on spaces; lower case, each
 * term once. The result is only used to show where a result matched; the service decides what matches.
 */
export function searchTerms(q: string): string[] {
  const terms: string[] = [];
  for (const match of q.replace(CONTROL, ' ').matchAll(/"([^"]*)"?|[^\s"]+/g)) {
    const term = (match[1] ?? match[0]).trim().replace(/\s+/g, ' ').toLowerCase();
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** The quoted phrases of a query, for the note saying they are matched as they stand. */
export function quotedPhrases(q: string): string[] {
  const phrases: string[] = [];
  for (const match of q.matchAll(/"([^"]*)"?/g)) {
    const phrase = (match[1] ?? '').trim().replace(/\s+/g, ' ');
    if (phrase && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return phrases;
}
