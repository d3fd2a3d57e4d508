// The tests that share a module graph (vitest.config.ts: the `unit` and `integration` projects, isolate: false) leave
// nothing behind for the next file in the same worker: none mocks a module, stubs a global or an env variable, fakes
// timers or sets process.env. A test that needs one of these goes in the isolated list beside it.
import { readFileSync } from 'node:fs';
import { matchesGlob, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../vitest.config.ts';
import { root, treeFiles } from './source-tree.ts';

interface Project {
  test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean };
}

/** What a test may do only with a module graph of its own. */
const LEAVES_STATE =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|hoisted)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/;

// The config's type is Vite's (Vitest adds `test` by declaration merging, which this project does not load).
const projects = ((config as { test?: { projects?: unknown[] } }).test?.projects ?? []) as Project[];
const files = treeFiles('test');
const inProject = (project: Project) =>
  files.filter(
    (file) =>
      project.test.include.some((glob) => matchesGlob(file, glob)) &&
      !(project.test.exclude ?? []).some((glob) => matchesGlob(file, glob)),
  );

describe('tests sharing a module graph', () => {
  const shared = projects.filter((project) => project.test.isolate === false);

  it('are the unit and integration projects, and every test file is in exactly one project', () => {
    expect(shared.map((project) => project.test.name)).toEqual(['unit', 'integration']);
    const counted = projects.flatMap(inProject);
    expect(new Set(counted).size).toBe(counted.length);
    const node = files.filter((file) => /^test\/(unit|integration|fault)\/.*\.test\.ts$/.test(file));
    expect(node.length).toBeGreaterThan(300);
    expect([...counted].sort()).toEqual(node.sort());
  });

  it('mock, stub, fake or set nothing another file would inherit', () => {
    // This file's own examples are strings, not calls.
    const leaving = shared
      .flatMap(inProject)
      .filter((file) => file !== 'test/unit/boundaries/test-isolation.test.ts')
      .filter((file) => LEAVES_STATE.test(readFileSync(resolve(root, file), 'utf8')));
    expect(leaving).toEqual([]);
  });

  it('the check sees what leaves state behind, and not a read', () => {
    expect(LEAVES_STATE.test("vi.mock('electron', () => ({}))")).toBe(true);
    expect(LEAVES_STATE.test('vi.useFakeTimers()')).toBe(true);
    expect(LEAVES_STATE.test("process.env.STATION_DATA_DIR = '/tmp/x';")).toBe(true);
    expect(LEAVES_STATE.test('const runs = Number(process.env.HOSTILE_RUNS ?? 1200);')).toBe(false);
    expect(LEAVES_STATE.test("if (process.env.CI === 'true') return;")).toBe(false);
  });
});
