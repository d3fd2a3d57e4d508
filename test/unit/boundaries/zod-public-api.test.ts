// The source reads zod through its public API only (`.def`, `.shape`, `.unwrap()`, `instanceof z.ZodObject`…): zod's
// private `_zod` may change in any release, so no file outside the tests names it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppSource, root, treeFiles } from './source-tree.ts';

describe("zod's public API", () => {
  it('no source file outside the tests reads `_zod`', () => {
    const sources = treeFiles().filter(isAppSource);
    expect(sources.length).toBeGreaterThan(400);
    expect(sources.filter((f) => /\b_zod\b/.test(readFileSync(resolve(root, f), 'utf8')))).toEqual([]);
  });
});
