// A kit stands on its own: every file under kits imports only node, npm packages, contract/ and other kits, so
// the station and the training service can both use it without reaching into each other.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../boundaries/imports-of.ts';

const root = resolve(import.meta.dirname, '../../../..');

/** What a kit file may not import: any place in the repository outside contract/ and kits/. */
function strayImports(file: string, source: string): string[] {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(root, resolve(dirname(file), specifier)))
    .filter((target) => !target.startsWith('contract/') && !target.startsWith('kits/'));
}

describe('the kits', () => {
  it('import only node, npm packages, contract/ and other kits', () => {
    const files = readdirSync(join(root, 'kits'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => join(root, 'kits', name));
    expect(files.map((file) => relative(root, file))).toContain('kits/loopback-http/guard.ts');
    const problems = files.flatMap((file) =>
      strayImports(file, readFileSync(file, 'utf8')).map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(problems).toEqual([]);
  });

  it('a kit file reaching into main outside kits is caught', () => {
    const file = join(root, 'kits/loopback-http/guard.ts');
    expect(strayImports(file, "import { x } from '../../main/platform/log/logger.ts';")).toEqual([
      'main/platform/log/logger.ts',
    ]);
    expect(strayImports(file, "import { y } from '../sqlite/db.ts';\nimport { z } from 'zod';")).toEqual([]);
    expect(strayImports(file, "import type { B } from '../../contract/bridge.ts';")).toEqual([]);
  });
});
