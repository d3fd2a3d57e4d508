// No import cycle between folders (the lint's second half, scripts/folder-cycles.ts): the tree has none, and the check
// finds one made of static, type-only, re-exported or dynamic imports, with a barrel counted in its folder.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSources, folderCycles, folderGraph, relativeImports } from '../../../scripts/folder-cycles.ts';
import { root } from './source-tree.ts';

const cyclesOf = (files: Record<string, string>) => folderCycles(folderGraph(new Map(Object.entries(files))));

describe('folders', () => {
  it('import each other nowhere in the app', () => {
    expect(folderCycles(folderGraph(appSources(root)))).toEqual([]);
  });

  it('are checked by npm run lint', () => {
    const scripts = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.lint).toContain('node scripts/folder-cycles.ts');
  });
});

describe('the folder cycle check', () => {
  it('finds two folders importing each other, by any kind of import', () => {
    for (const back of [
      "import { b } from '../b/b.ts';",
      "import type { B } from '../b/b.ts';",
      "export { b } from '../b/b.ts';",
      "const b = await import('../b/b.ts');",
      "import '../b/b.ts';",
    ]) {
      expect(cyclesOf({ 'x/a/a.ts': back, 'x/b/b.ts': "import { a } from '../a/a.ts';" })).toEqual([['x/a', 'x/b']]);
    }
  });

  it('finds a cycle round three folders, and none in a chain', () => {
    const round = {
      'a/one.ts': "import { two } from '../b/two.ts';",
      'b/two.ts': "import { three } from '../c/three.ts';",
      'c/three.ts': "import { one } from '../a/one.ts';",
    };
    expect(cyclesOf(round)).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf({ ...round, 'c/three.ts': 'export const three = 3;' })).toEqual([]);
  });

  it('counts a barrel in the folder it is the barrel of', () => {
    const files = { 'c/ipc.ts': "export * from './ipc/a.ts';", 'c/ipc/a.ts': 'export const a = 1;' };
    expect(cyclesOf(files)).toEqual([]);
    expect(
      cyclesOf({ ...files, 'c/ipc/a.ts': "import { d } from '../d.ts';", 'c/d.ts': "export * from './ipc.ts';" }),
    ).toEqual([['c', 'c/ipc']]);
  });

  it('reads no import out of a comment, and none of a package', () => {
    expect(
      relativeImports("// import { a } from '../a.ts';\n/* export * from '../b.ts' */\nimport { z } from 'zod';"),
    ).toEqual([]);
    expect(relativeImports("import {\n  a,\n  type B,\n} from '../a.ts';")).toEqual(['../a.ts']);
  });
});
