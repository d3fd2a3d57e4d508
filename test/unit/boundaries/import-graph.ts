// The import graph of a source folder (type-only imports included), for the renderer's folder arrows; loops between
// files are the linter's (Biome's noImportCycles).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { importsOf } from './imports-of.ts';

export type ImportGraph = Map<string, string[]>;

/** The TypeScript sources git knows below `folder` (tracked, or new and not ignored), repository-relative. */
export function sourcesUnder(root: string, folder: string, pattern = /\.tsx?$/): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', folder], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => pattern.test(file));
}

/** The repository-relative file a relative specifier names, or null for a package or a non-source file. */
export function resolveLocal(root: string, file: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(file), specifier));
  const bare = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [base, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return existsSync(join(root, base)) ? base : null;
}

/** Every source file's local imports, as repository-relative paths. */
export function importGraph(root: string, files: string[]): ImportGraph {
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const targets = importsOf(source)
      .map((specifier) => resolveLocal(root, file, specifier, known))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
