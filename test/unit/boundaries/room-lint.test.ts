// The rooms' import rules are Biome's (biome.json: noRestrictedImports per room, noImportCycles, noNodejsModules in the
// renderer), so an editor shows a crossing as it is typed and `npm run lint` fails on it. Probe files are linted with
// the project's own rules, laid out as the rooms are, in a folder of their own (the tree itself stays untouched).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'room-lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The project's rules as they are, without the git ignore file (the probe folder is not a repository).
const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(join(work, 'biome.json'), JSON.stringify(config));

/** A probe laid out in a folder of its own: `path` linted with `files` beside it (for a cycle). */
interface Probe {
  /** The probe's file as Biome names it (from the work folder). */
  file: string;
}
const laid: Probe[] = [];

/** Lays a probe out while the file is collected; every probe is linted in one Biome run (beforeAll), not one each. */
function probe(path: string, source: string, files: Record<string, string> = {}): Probe {
  const folder = `probe-${laid.length}`;
  for (const [name, text] of Object.entries({ [path]: source, ...files })) {
    mkdirSync(dirname(join(work, folder, name)), { recursive: true });
    writeFileSync(join(work, folder, name), text);
  }
  writeFileSync(join(work, folder, 'biome.json'), JSON.stringify({ ...config, root: false, extends: '//' }));
  const laidOut = { file: `${folder}/${path}` };
  laid.push(laidOut);
  return laidOut;
}

const broken = new Map<string, Set<string>>();
beforeAll(() => {
  const run = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=1000', ...laid.map((p) => p.file)],
    { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: Array<{ category: string; location?: { path?: string } }>;
  };
  for (const diagnostic of report.diagnostics) {
    const file = diagnostic.location?.path ?? '';
    broken.set(file, (broken.get(file) ?? new Set()).add(diagnostic.category));
  }
});

/** The lint rules one probe breaks. */
const brokenRules = (laidOut: Probe): string[] => [...(broken.get(laidOut.file) ?? [])].sort();

const RESTRICTED = 'lint/style/noRestrictedImports';

describe('room imports are lint errors', () => {
  const renderer = {
    main: probe('renderer/app/a.ts', "import { c } from '../../main/service/client.ts';\nc();\n"),
    preload: probe(
      'renderer/scan/a.ts',
      "import type { A } from '../../preload/channel-calls.ts';\nexport type B = A;\n",
    ),
    electron: probe('renderer/app/a.ts', "import { app } from 'electron';\napp.quit();\n"),
    node: probe('renderer/app/a.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n"),
  };
  it('the renderer importing main, the preload, electron or node is refused', () => {
    expect(brokenRules(renderer.main)).toEqual([RESTRICTED]);
    expect(brokenRules(renderer.preload)).toEqual([RESTRICTED]);
    expect(brokenRules(renderer.electron)).toEqual([RESTRICTED]);
    expect(brokenRules(renderer.node)).toEqual(['lint/correctness/noNodejsModules']);
  });

  const screen = {
    other: probe('renderer/screens/order/a.ts', "import { v } from '../verify/b.ts';\nv();\n"),
    main: probe('renderer/screens/order/a.ts', "import { w } from '../../main/x.ts';\nw();\n"),
    allowed: probe(
      'renderer/screens/order/a.ts',
      "import { b } from './b.ts';\nimport { w } from '../../format/when.ts';\nb(w);\n",
    ),
  };
  it('a screen importing another screen is refused; its own files and the kits are not', () => {
    expect(brokenRules(screen.other)).toEqual([RESTRICTED]);
    expect(brokenRules(screen.main)).toEqual([RESTRICTED]);
    expect(brokenRules(screen.allowed)).toEqual([]);
  });

  const at = 'rules/verification/a.ts';
  const rules = {
    react: probe(at, "import { useState } from 'react';\nuseState();\n"),
    node: probe(at, "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n"),
    main: probe(at, "import { a } from '../../../main/audit/index.ts';\na();\n"),
    resources: probe(at, "import s from '../../../resources/vocabulary/x.json';\ns();\n"),
    allowed: probe(at, "import { z } from 'zod';\nimport { a } from '../../ipc/audit.ts';\nz.string(a);\n"),
  };
  it("the contract and the rules' room import only zod and themselves", () => {
    expect(brokenRules(rules.react)).toEqual([RESTRICTED]);
    expect(brokenRules(rules.node)).toEqual([RESTRICTED]);
    expect(brokenRules(rules.main)).toEqual([RESTRICTED]);
    expect(brokenRules(rules.resources)).toEqual([RESTRICTED]);
    expect(brokenRules(rules.allowed)).toEqual([]);
  });

  const main = {
    training: probe('main/station/a.ts', "import { t } from '../training/index.ts';\nt();\n"),
    relay: probe('main/events/a.ts', "import { r } from '../relay/relay.ts';\nr();\n"),
    renderer: probe('main/work/print/a.ts', "import { s } from '../../renderer/documents/x.ts';\ns();\n"),
    electron: probe('main/service/session/a.ts', "import { app } from 'electron';\napp.quit();\n"),
    electronShell: probe('main/shells/electron/a.ts', "import { app } from 'electron';\napp.quit();\n"),
    preloadElectron: probe('preload/a.ts', "import { ipcRenderer } from 'electron';\nipcRenderer.send('x');\n"),
    preloadMain: probe('preload/a.ts', "import { m } from '../main/station/station.ts';\nm();\n"),
  };
  it('main importing the training service, the relay or the renderer is refused; electron only in main/shells/electron', () => {
    expect(brokenRules(main.training)).toEqual([RESTRICTED]);
    expect(brokenRules(main.relay)).toEqual([RESTRICTED]);
    expect(brokenRules(main.renderer)).toEqual([RESTRICTED]);
    expect(brokenRules(main.electron)).toEqual([RESTRICTED]);
    expect(brokenRules(main.electronShell)).toEqual([]);
    expect(brokenRules(main.preloadElectron)).toEqual([]);
    expect(brokenRules(main.preloadMain)).toEqual([RESTRICTED]);
  });

  const cycle = probe('main/service/calls/a.ts', "import type { B } from './b.ts';\nexport type A = B | 2;\n", {
    'main/service/calls/b.ts': "import type { A } from './a.ts';\nexport type B = A | 1;\n",
  });
  it('an import cycle is refused, a type-only one too', () => {
    expect(brokenRules(cycle)).toEqual(['lint/suspicious/noImportCycles']);
  });
});
