// The process boundaries of DESIGN.md as rules over import specifiers, so a test fails when one is crossed.
import { dirname, join, normalize, relative } from 'node:path';

/** Every module specifier a TypeScript source file imports, re-exports, dynamically imports or requires. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[\w*{}\s,]+\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}

/** The top folder (contract, main, renderer…) a repository-relative path lives in; `main/electron` counts apart. */
export function areaOf(path: string): string {
  const parts = normalize(path).split('/');
  if (parts[0] === 'main' && parts[1] === 'electron') return 'main/electron';
  return parts[0] ?? '';
}

/** What a specifier points at: a repository-relative path for relative imports, else the package name. */
function target(file: string, specifier: string): { local: string } | { pkg: string } {
  if (specifier.startsWith('.')) return { local: relative('.', normalize(join(dirname(file), specifier))) };
  const parts = specifier.split('/');
  const pkg = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
  return { pkg };
}

/** The boundary violations of one file (path relative to the repository root). Empty when it keeps to its lane. */
export function violations(file: string, source: string): string[] {
  const area = areaOf(file);
  const problems: string[] = [];
  for (const specifier of importsOf(source)) {
    const to = target(file, specifier);
    const where = 'local' in to ? areaOf(to.local) : null;
    const pkg = 'pkg' in to ? to.pkg : null;
    if (pkg === 'electron' && area !== 'main/electron' && area !== 'preload') {
      problems.push(`${file}: only main/electron (and the preload bridge) may import 'electron'`);
    }
    if (area === 'contract' && !(pkg === 'zod' || where === 'contract')) {
      problems.push(`${file}: contract/ imports only zod and itself, not '${specifier}'`);
    }
    if (area === 'renderer' && (where === 'main' || where === 'main/electron' || where === 'preload')) {
      problems.push(
        `${file}: the renderer never imports from ${where}/ ('${specifier}'); it talks through window.station`,
      );
    }
    if (area === 'renderer' && pkg !== null && (pkg.startsWith('node:') || pkg === 'electron')) {
      problems.push(`${file}: the sandboxed renderer cannot use '${specifier}'`);
    }
    if (area === 'preload' && (where === 'main' || where === 'main/electron' || where === 'renderer')) {
      problems.push(`${file}: the preload bridge is built from contract/ only, not '${specifier}'`);
    }
  }
  return problems;
}
