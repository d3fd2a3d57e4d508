// The tests write no `any`: a value the tests read is typed by the contract (the channels, the service's schemas) or
// read as `unknown` and narrowed. The files still holding some are listed in any-left.json with how many, a list that
// only shrinks: a new `any` anywhere in test/ fails here, and so does a file typed further without its count lowered.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import left from './any-left.json' with { type: 'json' };
import { anyTypeLines } from './any-types.ts';
import { root, treeFiles } from './source-tree.ts';

const budget: Record<string, number> = left;

describe('the type any in the tests', () => {
  it('is found where a type is written, not in words, strings, patterns or expect.any', () => {
    const source = [
      'const a: any = 1; const b = c as any; let d: Promise<any>; type E = any[];',
      '// any order will do',
      "it('refuses any order', () => expect(x).toEqual(expect.any(String)));",
      'const f = /any|anything/i.test(`any order`);',
      "const h = { any: 1, 'any': 2 }; fc.anything();",
      'function k<T = any>(l: (m: any) => void) {}',
    ].join('\n');
    expect(anyTypeLines(source)).toEqual([1, 1, 1, 1, 6, 6]);
  });

  it('is written in no test file beyond what any-left.json still allows, and each count there is current', () => {
    const files = treeFiles('test').filter((file) => /\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(400);
    const found: Record<string, number> = {};
    for (const file of files) {
      const lines = anyTypeLines(readFileSync(resolve(root, file), 'utf8'));
      if (lines.length > 0) found[file] = lines.length;
    }
    expect(found).toEqual(budget);
  });
});
