// The pharmacy's rules are a room of their own (issue 22): plain TypeScript that imports only contract/ (and zod) and
// itself; no node:, no DOM, no React, no Electron, no main/ or renderer/; no clock, no randomness, no I/O of its own.
// Main imports it as the authority, the renderer to show the same answer before a person acts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './rules.ts';

const root = resolve(import.meta.dirname, '../../..');
const RULES = 'contract/rules/';

function tracked(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => /^(contract|main|preload|renderer)\/.*\.tsx?$/.test(f));
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

/** What one file of the room breaks of its rules (paths relative to the repository root). */
function rulesRoomProblems(file: string, source: string): string[] {
  if (!file.startsWith(RULES)) return [];
  const problems: string[] = [];
  for (const specifier of importsOf(source)) {
    if (specifier.startsWith('.')) {
      const to = relative('.', normalize(join(dirname(file), specifier)));
      if (!to.startsWith('contract/'))
        problems.push(`${file}: the rules import only contract/ and themselves, not ${to}`);
    } else if (specifier !== 'zod') {
      problems.push(`${file}: the rules are plain TypeScript, not '${specifier}'`);
    }
  }
  for (const pattern of IMPURE) {
    if (pattern.test(source)) problems.push(`${file}: a rule reads only its input, not ${pattern.source}`);
  }
  return problems;
}

describe("the pharmacy's rules as a room of their own", () => {
  const files = tracked();

  it('imports only contract/ (and zod) and itself, and reads no clock, page, network or storage', () => {
    expect(files.filter((f) => f.startsWith(RULES)).length).toBeGreaterThan(8);
    const problems = files.flatMap((f) => rulesRoomProblems(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('the rules catch each kind of crossing', () => {
    const at = 'contract/rules/verification/x.ts';
    expect(rulesRoomProblems(at, "import { a } from '../../../renderer/scan/focus.ts';")).toHaveLength(1);
    expect(rulesRoomProblems(at, "import { a } from '../../../main/audit/index.ts';")).toHaveLength(1);
    expect(rulesRoomProblems(at, "import s from '../../../resources/vocabulary/x.json';")).toHaveLength(1);
    expect(rulesRoomProblems(at, "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(rulesRoomProblems(at, "import { useState } from 'react';")).toHaveLength(1);
    expect(rulesRoomProblems(at, 'export const today = () => new Date().toISOString();')).toHaveLength(1);
    expect(rulesRoomProblems(at, 'export const t = Date.now();')).toHaveLength(1);
    const allowed =
      "import { z } from 'zod';\nimport { a } from '../../ipc/audit.ts';\nimport { b } from './lines.ts';";
    expect(rulesRoomProblems(at, allowed)).toEqual([]);
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
      importsOf(readFileSync(resolve(root, f), 'utf8')).some((s) => s.includes('contract/rules/verification/')),
    );
    expect(importing.length).toBeGreaterThan(3);
  });
});
