// `npm test`: everything CI runs — prerequisites, typecheck, lint, the renderer build, unit + integration, keychain,
// e2e — with each phase's time and one honest tally. Every phase starts at once unless `waitsFor` names what it needs
// first (the e2e needs the built screens), so the 2 cores never idle while a short phase holds a step back; to add a
// phase, write it in `phases` (and in `waitsFor` when it needs another's output).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseStoredJson } from '../kits/json/stored-json.ts';
import { bridge, buildIfStale, renderer } from './build-if-stale.ts';
import { ensurePrerequisites } from './prerequisites.ts';

const root = resolve(import.meta.dirname, '..');
const tmp = join(root, '.tmp', 'test');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}:${join(root, 'node_modules', 'node', 'bin')}:${process.env.PATH ?? ''}`,
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  // No test opens a desktop browser (the browser shell would where a desktop session is).
  STATION_NO_OPEN: '1',
  // V8's code cache for every Node process a run starts: a run starts ~200 (the training service, browser shells, relays,
  // fault stations), and each compiles the same TypeScript modules; from the second start on, about half the CPU.
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmp, 'compile-cache'),
};

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Lines to print under the tally (why it failed, what is missing). */
  notes?: string[];
}

/** A phase: runs, writes what it prints through `out`, answers its tally. */
type Phase = (out: Output) => Promise<Tally>;

interface Output {
  /** Runs a command with the phase's output captured; answers its exit code. */
  run(command: string, args: string[], extraEnv?: Record<string, string>): Promise<number>;
  line(text: string): void;
}

const passedOrFailed = (ok: boolean, notes: string[] = []): Tally => ({
  passed: ok ? 1 : 0,
  failed: ok ? 0 : 1,
  skipped: 0,
  notes,
});

/** A whole-project check (typecheck, lint, a build) counts as one test: it passes or it fails. */
function check(command: string, args: string[]): Phase {
  return async (out) => passedOrFailed((await out.run(command, args)) === 0);
}

function filesUnder(dir: string, suffix: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(suffix));
}

/** The parts of Vitest's JSON report read here (it holds more). */
const vitestJson = z.looseObject({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
  testResults: z.array(
    z.looseObject({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(z.unknown()),
    }),
  ),
});

/** Vitest on one suite (vitest.config.ts); `shellPrefix` runs first in the same shell, under `wrap`. */
function vitest(suite: string, options: { shellPrefix?: string; env?: () => Record<string, string> } = {}): Phase {
  return async (out) => {
    const report = join(tmp, `vitest-${suite}.json`);
    rmSync(report, { force: true });
    const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const suiteEnv = { STATION_TEST_SUITE: suite, ...(options.env?.() ?? {}) };
    const code = options.shellPrefix
      ? await out.run('dbus-run-session', ['--', 'sh', '-c', `${options.shellPrefix} exec ${args.join(' ')}`], suiteEnv)
      : await out.run(args[0] as string, args.slice(1), suiteEnv);
    if (!existsSync(report)) return passedOrFailed(false, [`the runner exited ${code} without a report`]);
    const json = parseStoredJson(vitestJson, readFileSync(report, 'utf8'), "Vitest's JSON report");
    // A file that fails to import has no assertions but is a failure all the same.
    const broken = json.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
    const notes = broken.map((file) => `failed to load ${file.name}`);
    let failed = json.numFailedTests + broken.length;
    if (code !== 0 && failed === 0) {
      failed = 1;
      notes.push(`the runner exited ${code}`);
    }
    return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, notes };
  };
}

/** The parts of Playwright's JSON report read here (it holds more). */
const playwrightJson = z.looseObject({
  stats: z.looseObject({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  errors: z.array(z.unknown()),
});

const e2e: Phase = async (out) => {
  if (filesUnder('test/e2e', '.spec.ts').length === 0) return { passed: 0, failed: 0, skipped: 0, notes: ['no specs'] };
  const report = join(tmp, 'playwright.json');
  rmSync(report, { force: true });
  const code = await out.run('playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) return passedOrFailed(false, [`playwright exited ${code} without a report`]);
  const { stats, errors } = parseStoredJson(playwrightJson, readFileSync(report, 'utf8'), "Playwright's JSON report");
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + errors.length + (code !== 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
  };
};

/** A real Secret Service on a private D-Bus session, with a throwaway keyring folder. */
const keychain: Phase = async (out) => {
  if (filesUnder('test/keychain', '.test.ts').length === 0) return { passed: 0, failed: 0, skipped: 0 };
  const home = join(tmp, 'keyring-home');
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  return vitest('keychain', {
    shellPrefix: 'echo -n throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null;',
    env: () => ({ XDG_DATA_HOME: home }),
  })(out);
};

/** The station's screens, built once here (when missing or stale) for every e2e spec. */
const rendererBuild: Phase = async (out) => {
  try {
    const { built } = await buildIfStale([renderer, bridge], { say: (line) => out.line(line) });
    if (built.length === 0) out.line('out/renderer is up to date');
    return passedOrFailed(true);
  } catch (error) {
    return passedOrFailed(false, [error instanceof Error ? error.message : String(error)]);
  }
};

const phases: Record<string, Phase> = {
  // The typecheck and the lint run at a lower priority (nice 10): no one waits for them, while Vitest and Playwright
  // are the run's length, so on a busy machine the cores go to those first and these take what is left.
  typecheck: check('nice', ['-n', '10', 'tsc', '-b']),
  lint: check('nice', ['-n', '10', 'biome', 'check', '.']),
  'renderer build': rendererBuild,
  keychain,
  'unit+integration': vitest('node'),
  e2e,
};

/**
 * What a phase needs finished before it starts; the others start at once, side by side. Vitest and Playwright are the
 * long ones (each about eight minutes of a two-core machine): Playwright starts as soon as the screens are built, and
 * the short phases (typecheck, lint, keychain) fill the waits of both.
 */
const waitsFor: Record<string, string[]> = {
  e2e: ['renderer build'],
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one phase with its output kept aside and printed whole when it ends, so side-by-side phases do not mix. */
async function runPhase(name: string): Promise<{ name: string; tally: Tally; ms: number }> {
  const started = performance.now();
  const chunks: string[] = [];
  const out: Output = {
    line: (text) => chunks.push(`${text}\n`),
    run(command, args, extraEnv = {}) {
      chunks.push(`$ ${command} ${args.join(' ')}\n`);
      return new Promise((done) => {
        const child = spawn(command, args, {
          cwd: root,
          env: { ...env, ...extraEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
        child.once('error', (error) => {
          chunks.push(`${error.message}\n`);
          done(1);
        });
        child.once('close', (code) => done(code ?? 1));
      });
    },
  };
  console.log(`▶ ${name} started`);
  let tally: Tally;
  try {
    tally = (await phases[name]?.(out)) ?? passedOrFailed(false, [`no phase named ${name}`]);
  } catch (error) {
    tally = passedOrFailed(false, [error instanceof Error ? error.message : String(error)]);
  }
  const ms = performance.now() - started;
  process.stdout.write(`\n──── ${name} (${seconds(ms)}) ────\n${chunks.join('')}`);
  return { name, tally, ms };
}

mkdirSync(tmp, { recursive: true });
const runStarted = performance.now();
const missing = ensurePrerequisites(root, env);
if (missing) {
  console.error(missing);
  console.log('tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
const prerequisitesMs = performance.now() - runStarted;

type Result = Awaited<ReturnType<typeof runPhase>> & { startedAt: number };
const running = new Map<string, Promise<Result>>();
/** A phase's run, started once, after the phases it waits for (whatever their outcome: a failed build fails the e2e). */
function phaseRun(name: string): Promise<Result> {
  let run = running.get(name);
  if (!run) {
    run = Promise.all((waitsFor[name] ?? []).map(phaseRun)).then(async () => {
      const startedAt = performance.now() - runStarted;
      return { ...(await runPhase(name)), startedAt };
    });
    running.set(name, run);
  }
  return run;
}
const results = await Promise.all(Object.keys(phases).map(phaseRun));

const total = { passed: 0, failed: 0, skipped: 0 };
console.log(`\nphases (wall time, started at):\n  prerequisites: ${seconds(prerequisitesMs)}`);
for (const { name, ms, startedAt } of results) console.log(`  ${name}: ${seconds(ms)} (at ${seconds(startedAt)})`);
console.log(`  all: ${seconds(performance.now() - runStarted)}\n`);
for (const { name, tally } of results) {
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  console.log(`${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
  for (const note of tally.notes ?? []) console.log(`${name}: ${note}`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
