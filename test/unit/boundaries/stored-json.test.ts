// Stored JSON is read through a schema (kits/json/stored-json.ts): no source file outside the tests casts what
// `JSON.parse` answers (`JSON.parse(text) as T`), which would trust a file edited by hand or a row of an older build.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppSource, root, treeFiles } from './source-tree.ts';

/** Files allowed a cast, each with why: none of them reads stored text. */
const ALLOWED: Record<string, string> = {};

/** Each `JSON.parse(…) as` in `source`, as the 1-based line it starts on (parentheses balanced, strings not parsed). */
function castParses(source: string): number[] {
  const lines: number[] = [];
  let from = 0;
  for (let at = source.indexOf('JSON.parse(', from); at >= 0; at = source.indexOf('JSON.parse(', from)) {
    let depth = 0;
    let i = at + 'JSON.parse'.length;
    for (; i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) break;
    }
    if (/^\)\s*as\s/.test(source.slice(i, i + 40))) lines.push(source.slice(0, at).split('\n').length);
    from = at + 1;
  }
  return lines;
}

describe('stored JSON read through a schema', () => {
  it('finds a cast parse, also one whose argument holds parentheses or spans lines', () => {
    expect(
      castParses("const a = JSON.parse(row.doc) as Doc;\nconst b = JSON.parse(read('x'))\n  as { x: 1 };"),
    ).toEqual([1, 2]);
    expect(castParses('const c = (JSON.parse(text) as string[]).length;')).toEqual([1]);
    expect(castParses('const d = parseStoredJson(docSchema, text, "a doc"); const e = JSON.parse(text);')).toEqual([]);
  });

  it('no source file outside the tests casts what JSON.parse answers', () => {
    const sources = treeFiles().filter(isAppSource);
    expect(sources.length).toBeGreaterThan(400);
    const casts = sources
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) => castParses(readFileSync(resolve(root, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(casts).toEqual([]);
  });
});
