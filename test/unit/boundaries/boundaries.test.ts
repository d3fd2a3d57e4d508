// The boundaries of DESIGN.md hold across the whole tree, and the rules themselves catch each kind of crossing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { violations } from './rules.ts';

const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => /^(contract|main|preload|renderer)\/.*\.tsx?$/.test(f));
}

describe('process boundaries', () => {
  it('no file in contract, main, preload or renderer crosses a boundary', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(0);
    const problems = files.flatMap((f) => violations(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('the renderer importing from main is caught', () => {
    expect(violations('renderer/app/App.tsx', "import { x } from '../../main/service/client.ts';")).toHaveLength(1);
  });

  it('a main file outside main/electron importing electron is caught, inside it is allowed', () => {
    expect(violations('main/session/store.ts', "import { app } from 'electron';")).toHaveLength(1);
    expect(violations('main/electron/window.ts', "import { BrowserWindow } from 'electron';")).toEqual([]);
  });

  it('the contract importing anything but zod is caught', () => {
    expect(violations('contract/service/orders.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(violations('contract/service/orders.ts', "export { x } from '../../main/x.ts';")).toHaveLength(1);
    expect(
      violations('contract/service/orders.ts', "import { z } from 'zod';\nimport type { A } from './a.ts';"),
    ).toEqual([]);
  });

  it('dynamic imports and require are read too', () => {
    expect(violations('renderer/x.ts', "const m = await import('node:fs');")).toHaveLength(1);
    expect(violations('main/outbox/x.ts', "const e = require('electron');")).toHaveLength(1);
  });
});
