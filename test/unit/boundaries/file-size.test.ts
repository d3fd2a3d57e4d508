// No source file outgrows 250 lines (ARCHITECTURE.md). The rooms' import rules and import loops are the linter's
// (biome.json, proven by room-lint.test.ts); the types each room sees are the compiler's (room-types.test.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, treeFiles } from './source-tree.ts';

const MAX_LINES = 250;

describe('file size', () => {
  it(`no source file outside tests, data and CSS is over ${MAX_LINES} lines`, () => {
    const code = treeFiles().filter((f) => /\.(tsx?|mts|js|mjs)$/.test(f) && !f.startsWith('test/'));
    expect(code.length).toBeGreaterThan(400);
    const long = code
      .map((f) => ({ f, lines: readFileSync(resolve(root, f), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
