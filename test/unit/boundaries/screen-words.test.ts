// Every user-visible word of a screen lives in its wording.ts (issue 28): a screen's JSX writes no text and no string
// title/aria-label/placeholder/alt/label of its own.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from './import-graph.ts';
import { inlineWords, screenOf } from './screen-words.ts';

const root = resolve(import.meta.dirname, '../../..');

describe("a screen's words are in its wording.ts", () => {
  it('no screen writes an inline word', () => {
    const files = sourcesUnder(root, 'renderer/screens', /\.tsx$/);
    expect(files.length).toBeGreaterThan(100);
    expect(new Set(files.map(screenOf)).size).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      inlineWords(file, readFileSync(resolve(root, file), 'utf8')).map((word) => `${file}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('finds text between tags and a string prop a person reads, not an expression or a class name', () => {
    const source = `export const A = () => (
      <section aria-label="Order" className="order-card">
        <h2>Patient</h2>
        <p title={words.title}>{words.body} </p>
        <Field label="Category" id="x" />
      </section>
    );`;
    expect(inlineWords('A.tsx', source)).toEqual(['aria-label="Order"', 'text: Patient', 'label="Category"']);
    expect(inlineWords('B.tsx', 'export const B = () => <p>{words.none} · {x}</p>;')).toEqual([]);
  });
});
