// Where a query's terms sit in a shown value: spans found case- and accent-insensitively (phones by their digits),
// cut into pieces that always join back to the value, so the screen marks hits without ever building HTML.

export interface Piece {
  text: string;
  hit: boolean;
}

/** Half-open range of UTF-16 indexes into the value. */
export interface Span {
  start: number;
  end: number;
}

export interface Highlight {
  pieces: Piece[];
  /** Text was left out before or after the pieces (a long description shown around its first hit). */
  clippedStart: boolean;
  clippedEnd: boolean;
  /** Any term was found in the value. */
  matched: boolean;
}

/**
 * One UTF-16 unit in lower case without its accent, or the unit itself when that would change the length: folding
 * keeps every index of the folded text pointing at the same place in the original (the service's index also ignores
 * case and diacritics).
 */
function foldUnit(unit: string): string {
  const base = unit.normalize('NFD').replace(/\p{M}/gu, '');
  const lower = (base.length === 1 ? base : unit).toLowerCase();
  return lower.length === 1 ? lower : unit;
}

export function fold(text: string): string {
  let folded = '';
  for (let index = 0; index < text.length; index++) folded += foldUnit(text.charAt(index));
  return folded;
}

function occurrences(haystack: string, needle: string): Span[] {
  const spans: Span[] = [];
  if (!needle) return spans;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    spans.push({ start: at, end: at + needle.length });
  }
  return spans;
}

/** A term made of digits and phone punctuation ("555-0104", "(555) 010"), as the service tells them. */
const PHONE_LIKE = /^[\d\s().+-]+$/;
const DIGIT = /\d/;

/** A phone-like term found by its digits alone, whatever punctuation sits between them in the value. */
function digitSpans(text: string, term: string): Span[] {
  const digits = term.replace(/\D/g, '');
  if (!PHONE_LIKE.test(term) || digits.length < 3) return [];
  const positions: number[] = [];
  let onlyDigits = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charAt(index);
    if (!DIGIT.test(unit)) continue;
    positions.push(index);
    onlyDigits += unit;
  }
  return occurrences(onlyDigits, digits).map((span) => ({
    start: positions[span.start] ?? 0,
    end: (positions[span.end - 1] ?? 0) + 1,
  }));
}

/** Where one term sits in a value; `digits`: the value is a phone or a date, also matched by its digits. */
export function termSpans(text: string, term: string, digits = false): Span[] {
  const plain = occurrences(fold(text), fold(term));
  return digits ? [...plain, ...digitSpans(text, term)] : plain;
}

/** Overlapping or touching spans as one, in order. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((span) => span.end > span.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The value cut at the spans: pieces that join back to it, none empty, hits and the rest alternating. */
export function piecesOf(text: string, spans: readonly Span[]): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const span of mergeSpans(spans)) {
    const start = Math.max(span.start, at);
    const end = Math.min(span.end, text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), hit: false });
    pieces.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hit: false });
  return pieces;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The window of a long value to show: around its first hit, never splitting a character in two. */
export function windowOf(text: string, spans: readonly Span[], maxLength: number): Span {
  if (text.length <= maxLength) return { start: 0, end: text.length };
  const first = mergeSpans(spans)[0];
  let start = first ? Math.max(0, Math.min(first.start - Math.floor(maxLength / 4), text.length - maxLength)) : 0;
  let end = Math.min(text.length, start + maxLength);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end += 1;
  return { start, end };
}

/** A value with the query's terms marked, cut to `maxLength` units around the first hit when it is longer. */
export function highlight(
  text: string,
  terms: readonly string[],
  options: { digits?: boolean; maxLength?: number } = {},
): Highlight {
  const spans = mergeSpans(terms.flatMap((term) => termSpans(text, term, options.digits)));
  const shown = windowOf(text, spans, options.maxLength ?? Number.POSITIVE_INFINITY);
  const inside = spans
    .map((span) => ({
      start: Math.max(span.start, shown.start) - shown.start,
      end: Math.min(span.end, shown.end) - shown.start,
    }))
    .filter((span) => span.end > span.start);
  return {
    pieces: piecesOf(text.slice(shown.start, shown.end), inside),
    clippedStart: shown.start > 0,
    clippedEnd: shown.end < text.length,
    matched: spans.length > 0,
  };
}
