// Marking a query's terms in a shown value: the pieces always rebuild the value, phones match by their digits, and
// long values are cut around their first hit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, highlight, mergeSpans, piecesOf, termSpans } from '../../../../renderer/screens/search/highlight.ts';

const joined = (pieces: { text: string }[]) => pieces.map((piece) => piece.text).join('');
const hits = (text: string, terms: string[], digits = false) =>
  highlight(text, terms, { digits })
    .pieces.filter((piece) => piece.hit)
    .map((piece) => piece.text);

/** Text that mixes cases, accents, digits, punctuation, spaces and characters outside the basic plane. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 60 });
const mixedText = fc.oneof(
  anyText,
  fc.string({ unit: fc.constantFrom('a', 'A', 'é', 'É', '5', '-', ' ', '(', ')', 'İ', 'ß', '😀', '"'), maxLength: 40 }),
);
/** Letters whose upper and lower case are one character each (ß and İ are not). */
const caseableText = fc.string({ unit: fc.constantFrom('a', 'B', 'é', 'Ö', 'z', '5', '-', ' ', '.'), maxLength: 12 });
const someTerms = fc.array(fc.oneof(mixedText, fc.constantFrom('a', 'é', '55', '5-5', '(5)')), { maxLength: 4 });

describe('the pieces of a highlighted value', () => {
  it('join back to exactly the value, whatever the value and the terms', () => {
    fc.assert(
      fc.property(mixedText, someTerms, fc.boolean(), (text, terms, digits) => {
        expect(joined(highlight(text, terms, { digits }).pieces)).toBe(text);
      }),
    );
  });

  it('are never empty and never put two hits or two plain pieces side by side', () => {
    fc.assert(
      fc.property(mixedText, someTerms, fc.boolean(), (text, terms, digits) => {
        const { pieces } = highlight(text, terms, { digits });
        for (const piece of pieces) expect(piece.text.length).toBeGreaterThan(0);
        for (let i = 1; i < pieces.length; i++) expect(pieces[i]?.hit).not.toBe(pieces[i - 1]?.hit);
      }),
    );
  });

  it('mark every place a term appears, ignoring case and accents', () => {
    fc.assert(
      fc.property(mixedText, caseableText, mixedText, (before, term, after) => {
        fc.pre(term.trim().length > 0);
        const text = before + term.toUpperCase() + after;
        const marked = highlight(text, [term]).pieces.filter((piece) => piece.hit);
        // The term (as folded) lies inside one marked piece.
        expect(marked.some((piece) => fold(piece.text).includes(fold(term.toUpperCase())))).toBe(true);
      }),
    );
  });

  it('rebuild the window shown of a long value, and the whole value when it is short enough', () => {
    fc.assert(
      fc.property(mixedText, someTerms, fc.integer({ min: 1, max: 80 }), (text, terms, maxLength) => {
        const shown = highlight(text, terms, { maxLength });
        const rebuilt = joined(shown.pieces);
        expect(text.includes(rebuilt)).toBe(true);
        if (text.length <= maxLength) expect(rebuilt).toBe(text);
        expect(shown.clippedStart || shown.clippedEnd).toBe(rebuilt.length < text.length);
      }),
    );
  });
});

describe('finding the terms', () => {
  it('marks a name regardless of case and accents', () => {
    expect(hits('Zoë Ávila', ['zoe', 'avila'])).toEqual(['Zoë', 'Ávila']);
  });

  it('finds a phone by a substring of its digits, across the punctuation it was stored with', () => {
    expect(hits('(555) 010-4477', ['0104477'], true)).toEqual(['010-4477']);
    expect(hits('5550104477', ['555-010'], true)).toEqual(['555010']);
  });

  it('leaves digits alone in fields that are not phones or dates', () => {
    expect(hits('(555) 010-4477', ['0104477'])).toEqual([]);
  });

  it('matches a quoted phrase as one piece, and not its words apart', () => {
    expect(hits('Avery Quinn Example', ['avery example'])).toEqual([]);
    expect(hits('Avery Example', ['avery example'])).toEqual(['Avery Example']);
  });

  it('treats search syntax and markup in a term as plain text', () => {
    expect(hits('Box <b>large</b> * NEAR(', ['<b>', 'near('])).toEqual(['<b>', 'NEAR(']);
  });

  it('cuts a long description around its first hit and says so', () => {
    const text = `${'a'.repeat(100)} insulin pen ${'b'.repeat(100)}`;
    const shown = highlight(text, ['insulin'], { maxLength: 40 });
    expect(shown).toMatchObject({ clippedStart: true, clippedEnd: true, matched: true });
    expect(joined(shown.pieces)).toContain('insulin pen');
  });

  it('joins overlapping and touching hits', () => {
    expect(
      mergeSpans([
        { start: 4, end: 6 },
        { start: 0, end: 2 },
        { start: 2, end: 3 },
        { start: 5, end: 9 },
      ]),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 9 },
    ]);
    expect(piecesOf('abcdef', [{ start: 1, end: 3 }])).toEqual([
      { text: 'a', hit: false },
      { text: 'bc', hit: true },
      { text: 'def', hit: false },
    ]);
  });

  it('finds nothing for an empty term', () => {
    expect(termSpans('anything', '')).toEqual([]);
  });
});
