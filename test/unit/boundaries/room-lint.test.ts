// The rooms' import rules are Biome's (biome.json: noRestrictedImports per room, noImportCycles, noNodejsModules in the
// renderer), so an editor shows a crossing as it is typed and `npm run lint` fails on it. Probe files are linted with
// the project's own rules, laid out as the rooms are, in a folder of their own (the tree itself stays untouched).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'room-lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The project's rules as they are, without the git ignore file (the probe folder is not a repository).
const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(join(work, 'biome.json'), JSON.stringify(config));

let probes = 0;

/** The lint rules one probe breaks, laid out at `path` with `files` beside it (for a cycle). */
function brokenRules(path: string, source: string, files: Record<string, string> = {}): string[] {
  const folder = join(work, `probe-${probes++}`);
  for (const [name, text] of Object.entries({ [path]: source, ...files })) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  writeFileSync(join(folder, 'biome.json'), JSON.stringify({ ...config, root: false, extends: '//' }));
  const run = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=50', `probe-${probes - 1}/${path}`],
    { cwd: work, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ category: string }> };
  return [...new Set(report.diagnostics.map((diagnostic) => diagnostic.category))].sort();
}

const RESTRICTED = 'lint/style/noRestrictedImports';

describe('room imports are lint errors', () => {
  it('the renderer importing main, the preload, electron or node is refused', () => {
    expect(brokenRules('renderer/app/a.ts', "import { c } from '../../main/service/client.ts';\nc();\n")).toEqual([
      RESTRICTED,
    ]);
    expect(
      brokenRules(
        'renderer/scan/a.ts',
        "import type { A } from '../../preload/channel-calls.ts';\nexport type B = A;\n",
      ),
    ).toEqual([RESTRICTED]);
    expect(brokenRules('renderer/app/a.ts', "import { app } from 'electron';\napp.quit();\n")).toEqual([RESTRICTED]);
    expect(brokenRules('renderer/app/a.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n")).toEqual([
      'lint/correctness/noNodejsModules',
    ]);
  });

  it('a screen importing another screen is refused; its own files and the kits are not', () => {
    expect(brokenRules('renderer/screens/order/a.ts', "import { v } from '../verify/b.ts';\nv();\n")).toEqual([
      RESTRICTED,
    ]);
    expect(brokenRules('renderer/screens/order/a.ts', "import { w } from '../../main/x.ts';\nw();\n")).toEqual([
      RESTRICTED,
    ]);
    const allowed = "import { b } from './b.ts';\nimport { w } from '../../format/when.ts';\nb(w);\n";
    expect(brokenRules('renderer/screens/order/a.ts', allowed)).toEqual([]);
  });

  it("the contract and the rules' room import only zod and themselves", () => {
    const at = 'rules/verification/a.ts';
    expect(brokenRules(at, "import { useState } from 'react';\nuseState();\n")).toEqual([RESTRICTED]);
    expect(brokenRules(at, "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n")).toEqual([RESTRICTED]);
    expect(brokenRules(at, "import { a } from '../../../main/audit/index.ts';\na();\n")).toEqual([RESTRICTED]);
    expect(brokenRules(at, "import s from '../../../resources/vocabulary/x.json';\ns();\n")).toEqual([RESTRICTED]);
    const allowed = "import { z } from 'zod';\nimport { a } from '../../ipc/audit.ts';\nz.string(a);\n";
    expect(brokenRules(at, allowed)).toEqual([]);
  });

  it('main importing the training service, the relay or the renderer is refused; electron only in main/shells/electron', () => {
    expect(brokenRules('main/station/a.ts', "import { t } from '../training/index.ts';\nt();\n")).toEqual([RESTRICTED]);
    expect(brokenRules('main/events/a.ts', "import { r } from '../relay/relay.ts';\nr();\n")).toEqual([RESTRICTED]);
    expect(brokenRules('main/work/print/a.ts', "import { s } from '../../renderer/documents/x.ts';\ns();\n")).toEqual([
      RESTRICTED,
    ]);
    expect(brokenRules('main/service/session/a.ts', "import { app } from 'electron';\napp.quit();\n")).toEqual([
      RESTRICTED,
    ]);
    expect(brokenRules('main/shells/electron/a.ts', "import { app } from 'electron';\napp.quit();\n")).toEqual([]);
    expect(brokenRules('preload/a.ts', "import { ipcRenderer } from 'electron';\nipcRenderer.send('x');\n")).toEqual(
      [],
    );
    expect(brokenRules('preload/a.ts', "import { m } from '../main/station/station.ts';\nm();\n")).toEqual([
      RESTRICTED,
    ]);
  });

  it('an import cycle is refused, a type-only one too', () => {
    const b = "import type { A } from './a.ts';\nexport type B = A | 1;\n";
    expect(
      brokenRules('main/service/calls/a.ts', "import type { B } from './b.ts';\nexport type A = B | 2;\n", {
        'main/service/calls/b.ts': b,
      }),
    ).toEqual(['lint/suspicious/noImportCycles']);
  });
});
