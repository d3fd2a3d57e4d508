// Builds what `npm start`, the e2e tests and `npm test` need when it is missing or older than its sources: the renderer
// (out/renderer) always, the browser shell's bridge (out/bridge) and the Electron bundles (out/main, out/preload,
// out/training) when asked. Quiet unless it fails.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export interface Target {
  /** What a person reads in the progress line. */
  label: string;
  /** Files that exist once it is built (the oldest of them is the build's age). */
  outputs: string[];
  /** Folders and files whose newest change makes the build stale. */
  sources: string[];
  /** The commands that build it, one after another (run from the project's folder). */
  commands: string[][];
}

const shared = ['contract', 'rules', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

export const renderer: Target = {
  label: 'the station screens (out/renderer)',
  outputs: ['out/renderer/index.html'],
  sources: ['renderer', 'vite.config.ts', 'scripts/vite-initial-size.ts', ...shared],
  commands: [['vite', 'build', '--logLevel', 'error']],
};

/** The browser shell's bridge, built once for every shell a run starts (scripts/build-bridge.ts). */
export const BRIDGE_FILE = 'out/bridge/browser-bridge.js';
export const bridge: Target = {
  label: "the browser shell's bridge (out/bridge)",
  outputs: [BRIDGE_FILE],
  sources: ['preload', 'main/shells/browser/bridge-script.ts', 'scripts/build-bridge.ts', ...shared],
  commands: [['node', 'scripts/build-bridge.ts']],
};

/** The built bridge's code (build it first with the `bridge` target). */
export function builtBridgeScript(base = root): string {
  return readFileSync(join(base, BRIDGE_FILE), 'utf8');
}

const electronModes = ['main', 'training', 'preload'] as const;
export const electronBundles: Target = {
  label: 'the Electron app (out/main, out/preload, out/training)',
  outputs: ['out/main/index.js', 'out/preload/preload.cjs', 'out/training/cli.js'],
  sources: ['main', 'preload', 'kits', 'training', ...shared],
  commands: electronModes.map((mode) => [
    'vite',
    'build',
    '-c',
    'main/shells/electron/vite.electron.config.ts',
    '--mode',
    mode,
    '--logLevel',
    'error',
  ]),
};

/** The newest modification time under `path` (a file or a folder, hidden entries and node_modules skipped). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

/** Why `target` must be built (missing or older than a source), or null when it is up to date. */
export function staleness(target: Target, base = root): string | null {
  const outputs = target.outputs.map((file) => join(base, file));
  if (outputs.some((file) => !existsSync(file))) return 'not built yet';
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = Math.max(...target.sources.map((source) => newest(join(base, source))));
  return changed > built ? 'older than its sources' : null;
}

function runQuiet(command: string[], base: string): Promise<{ code: number; output: string }> {
  const bin = join(base, 'node_modules', '.bin');
  const nodeBin = join(base, 'node_modules', 'node', 'bin');
  return new Promise((done) => {
    const child = spawn(command[0] as string, command.slice(1), {
      cwd: base,
      env: { ...process.env, PATH: `${bin}:${nodeBin}:${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', (error) => done({ code: 1, output: `${output}${error.message}\n` }));
    child.once('exit', (code) => done({ code: code ?? 1, output }));
  });
}

export interface BuildOutcome {
  /** The targets that were built (empty when everything was up to date). */
  built: string[];
  ms: number;
}

/**
 * Builds each stale target, saying so in ONE line on `say` before it starts (nothing when all are up to date). A failed
 * build throws with the tool's own output, so the person sees why.
 */
export async function buildIfStale(
  targets: Target[],
  options: { base?: string; say?: (line: string) => void } = {},
): Promise<BuildOutcome> {
  const base = options.base ?? root;
  const started = performance.now();
  const stale = targets.filter((target) => staleness(target, base) !== null);
  if (stale.length === 0) return { built: [], ms: 0 };
  options.say?.(`Building ${stale.map((t) => t.label).join(' and ')} first; this takes about a minute…`);
  for (const target of stale) {
    for (const command of target.commands) {
      const { code, output } = await runQuiet(command, base);
      if (code !== 0) throw new Error(`building ${target.label} failed (${command.join(' ')}):\n${output.trim()}`);
    }
  }
  return { built: stale.map((t) => t.label), ms: Math.round(performance.now() - started) };
}
