// The pharmacy's rules are a room of their own (issue 22): no clock, no randomness, no I/O of its own. What it imports
// (only contract/ and zod) is the linter's rule (biome.json, room-lint.test.ts), and it is compiled without Node's or
// the DOM's types (room-types.test.ts). Main imports it as the authority, the renderer to show the same answer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports-of.ts';
import { root, treeFiles } from './source-tree.ts';

const RULES = 'rules/';

function tracked(): string[] {
  return treeFiles().filter((f) => /^(contract|rules|main|preload|renderer)\/.*\.tsx?$/.test(f));
}

/** Words that mean the code reads the world (a clock, chance, the page, the network, storage) instead of its input. */
const IMPURE = [
  /\bDate\.now\(/,
  /\bnew Date\(\)/,
  /\bMath\.random\(/,
  /\bfetch\(/,
  /\b(window|document|localStorage|sessionStorage|navigator|process)\./,
  /\bset(Timeout|Interval)\(/,
];

/** What one file of the room reads of the world instead of its input. */
function rulesRoomProblems(file: string, source: string): string[] {
  if (!file.startsWith(RULES)) return [];
  return IMPURE.filter((pattern) => pattern.test(source)).map(
    (pattern) => `${file}: a rule reads only its input, not ${pattern.source}`,
  );
}

describe("the pharmacy's rules as a room of their own", () => {
  const files = tracked();

  it('reads no clock, chance, page, network or storage', () => {
    expect(files.filter((f) => f.startsWith(RULES)).length).toBeGreaterThan(8);
    const problems = files.flatMap((f) => rulesRoomProblems(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('a clock or chance in a rule is caught', () => {
    const at = 'rules/verification/x.ts';
    expect(rulesRoomProblems(at, 'export const today = () => new Date().toISOString();')).toHaveLength(1);
    expect(rulesRoomProblems(at, 'export const t = Date.now();')).toHaveLength(1);
    expect(rulesRoomProblems(at, 'export const r = Math.random();')).toHaveLength(1);
    expect(rulesRoomProblems(at, 'export const day = (at: string) => new Date(at).getDay();')).toEqual([]);
  });

  it('the verify screen keeps no copy of the verification rules: it imports the room', () => {
    const screen = files.filter((f) => f.startsWith('renderer/screens/verify/'));
    const gone = [
      'match.ts',
      'lines.ts',
      'verdict.ts',
      'run.ts',
      'discrepancy.ts',
      'catalogue-index.ts',
      'schedule.ts',
    ];
    expect(screen.filter((f) => gone.some((name) => f.endsWith(`/${name}`)))).toEqual([]);
    const importing = screen.filter((f) =>
      importsOf(readFileSync(resolve(root, f), 'utf8')).some((s) => s.includes('rules/verification/')),
    );
    expect(importing.length).toBeGreaterThan(3);
  });
});
