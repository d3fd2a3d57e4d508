// ARCHITECTURE.md's rules over the whole tree: no import loops, and no source file outgrows 250 lines (the rooms'
// import rules are in the other tests of this folder). The loop finder is shown finding loops, so it cannot pass vacuously.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importLoops } from './import-graph.ts';

const root = resolve(import.meta.dirname, '../../..');
const MAX_LINES = 250;

function tracked(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter(Boolean);
}

const sources = tracked().filter((f) => /^(contract|main|preload|renderer)\/.*\.tsx?$/.test(f));

describe('the import graph', () => {
  const graph = importGraph(root, sources);

  it('has no loop among contract, main, preload and renderer (type-only imports count)', () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(importLoops(graph).map((loop) => loop.join(' → '))).toEqual([]);
  });

  it('finds a loop through types, and a file importing itself', () => {
    const loop = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(importLoops(loop)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(
      importLoops(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('file size', () => {
  it(`no source file outside tests, data and CSS is over ${MAX_LINES} lines`, () => {
    const code = tracked().filter((f) => /\.(tsx?|mts|js|mjs)$/.test(f) && !f.startsWith('test/'));
    expect(code.length).toBeGreaterThan(400);
    const long = code
      .map((f) => ({ f, lines: readFileSync(resolve(root, f), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
