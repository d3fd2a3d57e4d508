// Main is a few wings by what they are for (ARCHITECTURE.md, the rooms), stacked: a wing imports only the wings below
// it. The folder-cycle lint sees folders; this sees the wings, so two sub-rooms of different wings cannot import each
// other both ways by going through different folders.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports-of.ts';
import { isAppSource, root, treeFiles } from './source-tree.ts';

/** Main's wings, lowest first. */
const MAIN_WINGS = ['platform', 'audit', 'service', 'events', 'work', 'station', 'shells'] as const;

const wingOf = (file: string): string | null => /^main\/([^/]+)\//.exec(file)?.[1] ?? null;

/** What one file of main breaks of the wings' order: an import of its own wing or one below is fine. */
function wingProblems(file: string, source: string): string[] {
  const from = wingOf(file);
  if (from === null) return [];
  const level = MAIN_WINGS.indexOf(from as (typeof MAIN_WINGS)[number]);
  if (level < 0) return [`${file}: main/${from}/ is not one of main's wings (${MAIN_WINGS.join(', ')})`];
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative('.', normalize(join(dirname(file), specifier))))
    .flatMap((to) => {
      const into = wingOf(to);
      if (into === null || into === from) return [];
      const target = MAIN_WINGS.indexOf(into as (typeof MAIN_WINGS)[number]);
      return target < level ? [] : [`${file} (wing ${from}) imports ${to}, of wing ${into}, which is not below it`];
    });
}

describe("main's wings", () => {
  it('main holds only its wings (at most eight), each with a README', () => {
    const files = treeFiles('main');
    const wings = new Set(files.map(wingOf).filter((w): w is string => w !== null));
    expect([...wings].sort()).toEqual([...MAIN_WINGS].sort());
    expect(wings.size).toBeLessThanOrEqual(8);
    for (const wing of wings) expect(files, wing).toContain(`main/${wing}/README.md`);
  });

  it('a wing imports only the wings below it', () => {
    const files = treeFiles('main').filter(isAppSource);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => wingProblems(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('an import up the stack is caught, one down is not', () => {
    expect(
      wingProblems('main/service/session/x.ts', "import { a } from '../../work/print/print-gate.ts';"),
    ).toHaveLength(1);
    expect(wingProblems('main/platform/log/x.ts', "import { a } from '../../audit/audit-log.ts';")).toHaveLength(1);
    expect(wingProblems('main/work/print/x.ts', "import { a } from '../../service/session/index.ts';")).toEqual([]);
    expect(wingProblems('main/work/print/x.ts', "import { a } from './print-gate.ts';")).toEqual([]);
  });
});
