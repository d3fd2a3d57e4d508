// Each room is its own TypeScript project (`tsc -b`, tsconfig.json at the root lists them): the renderer has the DOM
// and no Node, main has Node and no DOM, the contract (the rules' room with it) has neither. A probe file is compiled
// with each room's own settings (a config that extends the room's), so a crossing fails to compile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
// Inside the repository, so `types: ["node"]` finds node_modules/@types as the room's own config does.
mkdirSync(join(root, '.tmp'), { recursive: true });
const work = mkdtempSync(join(root, '.tmp', 'room-types-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const probes = {
  'uses-node.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'uses-dom.ts': 'export const title = (): string => document.title;\n',
  'uses-neither.ts': 'export const twice = (n: number): number => n * 2;\n',
};

/** The probe files that fail to compile with `room`'s compiler settings (its lib and types). */
function failingProbes(room: string): string[] {
  const folder = join(work, room.replaceAll('/', '-'));
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(probes)) writeFileSync(join(folder, name), text);
  const config = {
    extends: join(root, room, 'tsconfig.json'),
    compilerOptions: { composite: false, incremental: false, noEmit: true, emitDeclarationOnly: false, rootDir: '.' },
    include: Object.keys(probes),
  };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
  const run = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(folder, 'tsconfig.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(output).not.toMatch(/error TS5\d{3}/); // a broken config would fail every probe for the wrong reason
  return Object.keys(probes).filter((name) => output.includes(`${name}(`));
}

describe('a TypeScript project per room', () => {
  it('a renderer file importing node:fs fails to compile; the DOM is there', () => {
    expect(failingProbes('renderer')).toEqual(['uses-node.ts']);
  });

  it('main using the DOM fails to compile; node is there', () => {
    expect(failingProbes('main')).toEqual(['uses-dom.ts']);
  });

  it("the contract and the rules' room have neither node nor the DOM", () => {
    expect(failingProbes('contract')).toEqual(['uses-node.ts', 'uses-dom.ts']);
  });

  it('the training service and the relay are Node programs without the DOM', () => {
    expect(failingProbes('training')).toEqual(['uses-dom.ts']);
    expect(failingProbes('relay')).toEqual(['uses-dom.ts']);
  });
});
