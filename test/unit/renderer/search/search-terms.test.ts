// Reading a query into terms the way the service does, so the screen marks what the service matched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSearchText } from '../../../../renderer/queries/search.ts';
import { quotedPhrases, searchTerms } from '../../../../renderer/screens/search/search-terms.ts';
import { parseSearch } from '../../../../training/index.ts';

const typed = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('a', 'B', '"', ' ', '5', '-', '\t', '\u0000', 'é', '*', '('), maxLength: 30 }),
);

describe('the terms of a query', () => {
  it('are the terms the training service reads from the same text', () => {
    fc.assert(
      fc.property(typed, (q) => {
        const service = parseSearch(q);
        expect(new Set(searchTerms(q))).toEqual(new Set([...service.indexed, ...service.short]));
      }),
    );
  });

  it('keep a quoted phrase whole and split the rest into words, lower case, each once', () => {
    expect(searchTerms('"Avery  Example" 555-0104 avery')).toEqual(['avery example', '555-0104', 'avery']);
  });

  it('run an unclosed quote to the end', () => {
    expect(searchTerms('box "cold pack')).toEqual(['box', 'cold pack']);
  });

  it('are none for quotes and spaces alone (the service refuses such a query)', () => {
    expect(searchTerms('  "" " ')).toEqual([]);
  });

  it('name the quoted phrases as typed, for the note under the results', () => {
    expect(quotedPhrases('"Avery Example" 1980 "Cold  Pack')).toEqual(['Avery Example', 'Cold Pack']);
  });
});

describe('checking the typed text before it is sent', () => {
  it('sends the text trimmed', () => {
    expect(checkSearchText('  avery  ')).toEqual({ ok: true, q: 'avery' });
  });

  it('asks for something to search for when only spaces were typed', () => {
    expect(checkSearchText('   ')).toEqual({ ok: false, message: 'Type something to search for.' });
  });

  it('refuses more than 200 characters with the limit in words', () => {
    expect(checkSearchText('x'.repeat(201))).toEqual({ ok: false, message: 'A search is at most 200 characters.' });
    expect(checkSearchText('x'.repeat(200)).ok).toBe(true);
  });

  it('lets hostile text through to the service, which answers it as plain text', () => {
    for (const q of ['"', "'; DROP TABLE patients; --", 'NEAR(a b)', '%_\\', '<script>']) {
      expect(checkSearchText(q).ok).toBe(true);
    }
  });
});
