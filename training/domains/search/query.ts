// Reads a search's `q` into terms: quoted phrases and single words, each kept as literal text (never FTS5 syntax).

/** A term of fewer characters than this cannot use the trigram index (it holds only three-character sequences). */
export const TRIGRAM = 3;

export interface SearchTerms {
  /** Terms of three or more characters, matched through the trigram index. */
  indexed: string[];
  /** Shorter terms, matched with LIKE over the stored text. */
  short: string[];
  /** The whole query as one lowercased value: a record with a field equal to it ranks first. */
  whole: string;
}

/** Control characters end an FTS5 query string early (NUL) or mean nothing in a search: they separate terms. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Splits `q` into terms. Text in double quotes is one phrase, matched as it stands (inner spaces collapsed); an
 * unclosed quote runs to the end. Everything else splits on spaces into words; all terms must match (AND).
 * Repeated terms count once. Answers no terms for a query of quotes and spaces alone.
 */
export function parseSearch(q: string): SearchTerms {
  const text = q.replace(CONTROL, ' ');
  const terms: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"?|[^\s"]+/g)) {
    const term = (match[1] ?? match[0]).trim().replace(/\s+/g, ' ').toLowerCase();
    if (term && !terms.includes(term)) terms.push(term);
  }
  return {
    indexed: terms.filter((t) => [...t].length >= TRIGRAM),
    short: terms.filter((t) => [...t].length < TRIGRAM),
    whole: terms.join(' '),
  };
}

/** A phone number typed with punctuation ("555-0100", "(555) 010"): also tried as its digits alone. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/** One term as an FTS5 string: in double quotes, inner quotes doubled, so nothing in it is read as syntax. */
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The FTS5 MATCH expression requiring every indexed term (as a substring, case-insensitive). */
export function matchExpression(indexed: readonly string[]): string {
  return indexed
    .map((term) => {
      const digits = term.replace(/\D/g, '');
      const alternative = PHONE_LIKE.test(term) && digits !== term && digits.length >= TRIGRAM;
      return alternative ? `(${quoted(term)} OR ${quoted(digits)})` : quoted(term);
    })
    .join(' AND ');
}

/** A LIKE pattern finding `term` anywhere, with LIKE's own wildcards in it escaped (ESCAPE '\'). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}
