// Builds the Electron bundles with `npm run build:electron` into a fresh folder laid out like the packaged app.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../../../..');

export interface BuiltApp {
  /** The app folder: package.json and out/, as in app.asar — and no node_modules, so nothing unbundled is found. */
  appDir: string;
  outDir: string;
}

/** Runs the real script (the one `npm run package` runs) with its output sent to a temporary app folder. */
export function buildElectronApp(): BuiltApp {
  const appDir = mkdtempSync(join(tmpdir(), 'station-built-app-'));
  const outDir = join(appDir, 'out');
  mkdirSync(outDir);
  // package.json travels with out/ (electron-builder.yml `files`): its "type": "module" makes the .js bundles ESM.
  copyFileSync(join(root, 'package.json'), join(appDir, 'package.json'));
  const result = spawnSync('npm', ['run', 'build:electron'], {
    cwd: root,
    env: { ...process.env, STATION_ELECTRON_OUT: outDir, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run build:electron failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return { appDir, outDir };
}

/** The bare module names a bundle still imports or requires (what the runtime must provide). */
export function importedModules(source: string): string[] {
  const names = new Set<string>();
  const patterns = [
    /^\s*import\s[^'"]*?from\s+["']([^"']+)["']/gm,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1] as string);
  return [...names].sort();
}
