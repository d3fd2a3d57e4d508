// `npm start`: the Electron app where the Electron runtime is present (its bundles and screens built first when missing
// or stale), otherwise (these build machines) one line saying so and the browser shell instead, which prints the
// address to open as its last line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, electronBundles, renderer } from './build-if-stale.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Electron binary's path when the package and its downloaded runtime are both there; else why not. It reads the
 * package's path.txt itself: requiring 'electron' would start a download when the runtime is missing.
 */
function electronBinary(): { path: string } | { missing: string } {
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve('electron/package.json');
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const dir = dirname(packageJson);
  const pathFile = join(dir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(dir, 'dist');
  const path = name ? join(dist, name) : '';
  if (!path || !existsSync(path)) return { missing: 'the Electron runtime is not present on this machine' };
  return { path };
}

const electron = electronBinary();
if ('path' in electron) {
  try {
    await buildIfStale([renderer, electronBundles], { say: (line) => console.log(line) });
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const child = spawn(electron.path, [root], { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
} else {
  console.log(`npm start: ${electron.missing}, so the station starts in the browser shell instead.`);
  await import('./start-browser.ts');
}
