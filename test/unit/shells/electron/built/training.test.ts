// The BUILT training service (out/training/cli.js) started the way Electron's utility process starts it, from an app
// folder with no node_modules; and the built main bundle importing nothing the package does not ship.
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../../main/platform/log/logger.ts';
import { createUtilityTrainingStarter } from '../../../../../main/shells/electron/training-process.ts';
import { type BuiltApp, buildElectronApp, importedModules } from './build.ts';

/**
 * Electron's utility process, on Node (Electron 45 embeds Node 24, as the project's Node is): the entry is loaded with
 * the ESM loader after `process.argv.splice(1, 0, entryScript)` (lib/utility/init.ts), so argv is
 * [program, entry, ...args]; stdin is always ignored (lib/browser/api/utility-process.ts); unhandled rejections warn
 * (shell/services/node/node_service.cc). Our own kill() is SIGTERM and reported as exit 0; a signal from anyone else
 * is reported as its number (electron_api_utility_process.cc, HandleTermination).
 */
const BOOT = [
  "import { pathToFileURL } from 'node:url';",
  '// node put this file at argv[1]; Electron puts the entry script there.',
  'process.argv.splice(1, 1);',
  'await import(pathToFileURL(process.argv[1]).href);',
].join('\n');
let bootFile = '';

class NodeUtilityProcess extends EventEmitter {
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  pid: number | undefined;
  #child: ChildProcess;
  #exited = false;
  #killedByUs = false;
  constructor(modulePath: string, args: string[], cwd: string) {
    super();
    this.#child = spawn(
      process.execPath,
      ['--unhandled-rejections=warn-with-error-code', bootFile, modulePath, ...args],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
    );
    this.stdout = this.#child.stdout;
    this.stderr = this.#child.stderr;
    this.#child.once('spawn', () => {
      this.pid = this.#child.pid;
      this.emit('spawn');
    });
    this.#child.once('exit', (code, signal) => {
      this.#exited = true;
      this.pid = undefined;
      const bySignal = signal ? constants.signals[signal] : 0;
      const ours = this.#killedByUs && (signal === 'SIGTERM' || signal === 'SIGKILL');
      this.emit('exit', ours ? 0 : (code ?? bySignal));
    });
  }
  kill(): boolean {
    if (this.pid === undefined || this.#exited) return false;
    this.#killedByUs = true;
    return this.#child.kill('SIGTERM');
  }
}

let built: BuiltApp;

beforeAll(() => {
  built = buildElectronApp();
  bootFile = join(mkdtempSync(join(tmpdir(), 'station-utility-boot-')), 'boot.mjs');
  writeFileSync(bootFile, BOOT);
}, 120_000);

afterAll(() => rmSync(built.appDir, { recursive: true, force: true }));

describe('the built training service as a utility process', () => {
  it('starts from the app folder without node_modules, answers on loopback, and stops with exit 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'station-built-training-'));
    const lines: string[] = [];
    let child: NodeUtilityProcess | null = null;
    const start = createUtilityTrainingStarter({
      fork: ((modulePath: string, args: string[]) => {
        child = new NodeUtilityProcess(modulePath, args, built.appDir);
        return child;
      }) as never,
      modulePath: join(built.outDir, 'training', 'cli.js'),
      log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
    });
    const training = await start(dataDir);
    const exit = new Promise<number>((resolve) => child?.once('exit', resolve));
    try {
      expect(training.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${training.url}/api/v1/orders`);
      expect(response.status).toBe(401);
    } finally {
      await training.stop();
    }
    await expect(exit).resolves.toBe(0);
    expect(lines.filter((line) => line.includes('stopped unexpectedly'))).toEqual([]);
  }, 90_000);
});

describe('what the built bundles still need at run time', () => {
  const builtins = new Set(
    (process.getBuiltinModule('node:module') as typeof import('node:module')).builtinModules.flatMap((name) => [
      name,
      `node:${name}`,
    ]),
  );

  it('the training bundle imports only Node built-ins (it runs where no node_modules are)', () => {
    const source = readFileSync(join(built.outDir, 'training', 'cli.js'), 'utf8');
    expect(importedModules(source).filter((name) => !builtins.has(name))).toEqual([]);
  });

  it('the main bundle imports only Electron, keytar (the one production dependency) and Node built-ins', () => {
    const source = readFileSync(join(built.outDir, 'main', 'index.js'), 'utf8');
    const pkg = JSON.parse(readFileSync(join(built.appDir, 'package.json'), 'utf8'));
    const shipped = new Set([
      'electron',
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies),
    ]);
    expect(importedModules(source).filter((name) => !builtins.has(name) && !shipped.has(name))).toEqual([]);
    expect(importedModules(source)).toContain('keytar');
  });
});
