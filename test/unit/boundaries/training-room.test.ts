// The training service is a room of its own (issue 16): nothing outside it imports it, it imports only contract/,
// kits/, resources/ and itself, its database layer imports no area, and its names are not the station's.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports-of.ts';
import { isAppSource, root, treeFiles } from './source-tree.ts';

const TRAINING = 'training/';

function tracked(): string[] {
  return treeFiles().filter(isAppSource);
}

/** The repository paths a file's relative imports point at. */
function localImports(file: string, source: string): string[] {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative('.', normalize(join(dirname(file), specifier))));
}

/** What one file breaks of the room's rules (paths relative to the repository root). */
function trainingRoomProblems(file: string, source: string): string[] {
  const inside = file.startsWith(TRAINING);
  const problems: string[] = [];
  for (const to of localImports(file, source)) {
    const intoTraining = to.startsWith(TRAINING);
    if (!inside && intoTraining) problems.push(`${file} imports the training service's ${to}`);
    if (inside && !intoTraining && !/^(contract|rules|resources|kits)\//.test(to)) {
      problems.push(
        `${file}: the training service imports only contract/, rules/, kits/, resources/ and itself, not ${to}`,
      );
    }
    if (file.startsWith(`${TRAINING}database/`) && intoTraining && !to.startsWith(`${TRAINING}database/`)) {
      problems.push(`${file}: the database layer imports no area of the service, not ${to}`);
    }
  }
  return problems;
}

/** A test outside the service's own folders that imports any file of it but its entry. */
function testReachProblems(file: string, source: string): string[] {
  return localImports(file, source)
    .filter((to) => to.startsWith(TRAINING) && to !== `${TRAINING}index.ts`)
    .map((to) => `${file} reaches inside the training service (${to}); import training/index.ts`);
}

describe('the training service as a room of its own', () => {
  const files = tracked();

  it('nothing outside training imports it, and it imports only contract/, rules/, kits/, resources/ and itself', () => {
    expect(files.filter((f) => f.startsWith(TRAINING)).length).toBeGreaterThan(50);
    const problems = files.flatMap((f) => trainingRoomProblems(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('the rules catch each kind of crossing', () => {
    expect(trainingRoomProblems('main/station/x.ts', "import { a } from '../../training/auth/users.ts';")).toHaveLength(
      1,
    );
    expect(trainingRoomProblems('training/x.ts', "import { a } from '../main/station/station.ts';")).toHaveLength(1);
    expect(trainingRoomProblems('training/database/x.ts', "import type { a } from '../auth/users.ts';")).toHaveLength(
      1,
    );
    const allowed =
      "import { z } from 'zod';\nimport { a } from '../contract/x.ts';\nimport { Db } from '../kits/sqlite/db.ts';";
    expect(trainingRoomProblems('training/x.ts', allowed)).toEqual([]);
  });

  it("the station's tests reach it only through its entry (index.ts) or its CLI; its own tests may go inside", () => {
    const tests = treeFiles('test').filter(
      (f) => /\.tsx?$/.test(f) && !/^test\/(unit|integration)\/training\//.test(f),
    );
    expect(tests.length).toBeGreaterThan(100);
    const problems = tests.flatMap((file) => testReachProblems(file, readFileSync(resolve(root, file), 'utf8')));
    expect(problems).toEqual([]);
    expect(
      testReachProblems('test/integration/x.test.ts', "import { a } from '../../training/demo/generator.ts';"),
    ).toHaveLength(1);
    expect(testReachProblems('test/integration/x.test.ts', "import { a } from '../../training/index.ts';")).toEqual([]);
  });

  it('no file or folder in it takes a station name (store.ts, service.ts, events/, store/)', () => {
    const clashing = files
      .filter((f) => f.startsWith(TRAINING))
      .filter((f) => ['store.ts', 'service.ts'].includes(basename(f)) || /\/(events|store)\//.test(f));
    expect(clashing).toEqual([]);
  });
});
