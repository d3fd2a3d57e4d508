// The source reads zod through its public API only (`.def`, `.shape`, `.unwrap()`, `instanceof z.ZodObject`…): zod's
// private `_zod` may change in any release, so no file outside the tests names it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

describe("zod's public API", () => {
  it('no source file outside the tests reads `_zod`', () => {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    });
    const sources = listed.split('\n').filter((f) => /^(contract|main|preload|renderer|scripts)\/.*\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(400);
    expect(sources.filter((f) => /\b_zod\b/.test(readFileSync(resolve(root, f), 'utf8')))).toEqual([]);
  });
});
