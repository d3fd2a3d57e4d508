// What every e2e spec needs: a training service it owns (so it can stop and start it), the browser shell against it,
// sign-in as a demo account, a scanner's marked codes, the axe check, and screenshots for docs/screenshots.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

export { answerOf, call, callUnchecked, refusalOf } from './station-calls.ts';

export const root = resolve(import.meta.dirname, '../..');
export const DEMO_PASSWORD = 'Training-2026!';

/** The browser shell's address: the last line it prints, alone (with a one-time code; Enter prints another). */
export const SHELL_ADDRESS = /^(http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+)\n/m;
const SHELL_ADDRESSES = /^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+$/gm;
/** Addresses kept ready per station: each page (and each reload by address) spends one. */
const ADDRESSES_READY = 24;

/**
 * The addresses a browser shell started with stdin 'pipe' prints: the first, then one per Enter written to it. `next()`
 * spends one and asks for another, so a spec may open the station in as many pages as it likes.
 */
async function shellAddresses(shell: ChildProcess): Promise<{ next(): string }> {
  const ready: string[] = [];
  let printed = '';
  shell.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    const lines = printed.split('\n');
    printed = lines.pop() ?? '';
    for (const line of lines) if (line.match(SHELL_ADDRESSES)) ready.push(line);
  });
  await waitForLine(shell, SHELL_ADDRESS, 'the browser shell');
  shell.stdin?.write('\n'.repeat(ADDRESSES_READY));
  await expect
    .poll(() => ready.length, { message: 'the browser shell prints new addresses' })
    .toBeGreaterThan(ADDRESSES_READY);
  return {
    next() {
      shell.stdin?.write('\n');
      const address = ready.shift();
      if (!address) throw new Error('the browser shell has no address ready');
      return address;
    },
  };
}

export async function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  timeoutMs = 60_000,
): Promise<string> {
  return (await waitForMatch(child, pattern, what, timeoutMs))[1] as string;
}

/** The first match of `pattern` in what the child prints (stdout and stderr together), with every group. */
export function waitForMatch(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 60_000) {
  return new Promise<RegExpExecArray>((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed no address:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${output}`));
    });
  });
}

export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export interface TrainingService {
  url: string;
  port: number;
  /** The JSON of the demo accounts it announced (its second line), for the browser shell's `--training-accounts`. */
  demoAccounts: string;
  /** Stops the process (the database file stays). */
  stop(): Promise<void>;
  /** Starts it again on the same port and database file. */
  start(): Promise<void>;
}

/** The seeded demo database every paused default service starts from a copy of (global setup makes it). */
export async function seedTemplateDatabase(dir: string): Promise<string> {
  const service = await startTrainingService(dir);
  await service.stop();
  return join(dir, 'training.db');
}

/** What the training CLI prints once it listens: its URL, then its demo accounts (contract/training-announcement.ts). */
const ANNOUNCED =
  /training service listening on (http:\/\/127\.0\.0\.1:\d+)\r?\n[\s\S]*?training service demo accounts (\{[^\n]*\})\r?\n/;

/** The browser shell's arguments for a training service the test owns (its URL and the accounts it announced). */
export function ownedTraining(training: TrainingService): string[] {
  return ['--training-url', training.url, '--training-accounts', training.demoAccounts];
}

/** A training service on a free port with its database in `dir`, paused unless `running`; the test owns it. */
export async function startTrainingService(
  dir: string,
  options: { orders?: number; running?: boolean } = {},
): Promise<TrainingService> {
  let child: ChildProcess | undefined;
  let port = 0;
  let demoAccounts = '';
  const args = () => [
    'training/cli.ts',
    '--port',
    String(port),
    '--db',
    join(dir, 'training.db'),
    '--quiet',
    ...(options.orders ? ['--orders', String(options.orders)] : []),
    options.running ? '--running' : '--paused',
  ];
  // The demo data is seeded once per run (global setup): a paused service with the default data starts from a copy.
  const db = join(dir, 'training.db');
  const template = process.env.STATION_E2E_SEEDED_DB;
  if (template && !options.orders && !options.running && !existsSync(db)) {
    // The write-ahead log holds part of the seed until a checkpoint: it is copied along (SQLite replays it on open).
    for (const suffix of ['', '-wal']) if (existsSync(template + suffix)) copyFileSync(template + suffix, db + suffix);
  }
  async function start() {
    child = spawn(process.execPath, args(), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const [, url, accounts] = await waitForMatch(child, ANNOUNCED, 'the training service');
    port = Number(new URL(url as string).port);
    demoAccounts = accounts as string;
  }
  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    get demoAccounts() {
      return demoAccounts;
    },
    stop: () => stopChild(child),
    start,
  };
}

export interface Station {
  /** A new one-time address of the station each time it is read (the shell's page session is per browser context). */
  readonly url: string;
  dataDir: string;
  training: TrainingService;
  close(): Promise<void>;
}

/** A station in a process of its own, which a spec may kill as a crash would end it. */
export interface StationProcess extends Station {
  /** SIGKILL to the browser shell: nothing is closed, released or flushed; the data folder stays until close. */
  kill(): Promise<void>;
}

/** A port nothing listens on right now (1024 and up, as the settings want). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A fresh data folder, a training service the test owns, and the browser shell against it. The event listener gets a
 * free port (written to the folder's settings), not the default 4319 another station on this computer may hold.
 */
export async function startStation(
  options: {
    orders?: number;
    listenerPort?: number;
    policy?: Record<string, unknown>;
    /** Another station's training service: both then work on one service (it is that station's to stop). */
    training?: TrainingService;
    /** More settings for the data folder (the pharmacy's relay, for instance). */
    settings?: Record<string, unknown>;
    /** Tech-check-tech, set in the machine policy: allowed unless a spec says not (final-check.spec.ts). */
    techCheckTech?: boolean;
  } = {},
): Promise<StationProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-e2e-'));
  const listenerPort = options.listenerPort ?? (await freePort());
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({ listenerPort, ...SCANNER_MARKS, ...options.settings }),
  );
  // A machine policy, as IT would place it (the browser shell reads it with --policy). Tech-check-tech is a rule only
  // the policy sets: allowed unless a spec says not, since the final check has its own spec (final-check.spec.ts).
  const policy = { techCheckTechAllowed: options.techCheckTech ?? true, ...options.policy };
  const policyArgs = ['--policy', join(dataDir, 'policy.json')];
  writeFileSync(join(dataDir, 'policy.json'), JSON.stringify(policy));
  const shared = options.training;
  const training =
    shared ?? (await startTrainingService(dataDir, { ...(options.orders ? { orders: options.orders } : {}) }));
  const shell = spawn(
    process.execPath,
    ['scripts/start-browser.ts', '--port', '0', ...policyArgs, ...ownedTraining(training)],
    {
      cwd: root,
      env: { ...process.env, STATION_DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const addresses = await shellAddresses(shell);
  return {
    get url() {
      return addresses.next();
    },
    dataDir,
    training,
    async kill() {
      if (shell.exitCode !== null || shell.signalCode !== null) return;
      const exited = new Promise((done) => shell.once('exit', done));
      shell.kill('SIGKILL');
      await exited;
    },
    async close() {
      await stopChild(shell);
      if (!shared) await training.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type DemoRole = 'technician' | 'pharmacist' | 'admin';

/**
 * The preamble most specs share: a station of their own (startStation), one page in a 1280 × 800 context of its own
 * (axe needs one), signed in as `role` when given. `close` ends the page's context, then the station.
 */
export async function openStation(
  browser: Browser,
  options: { role?: DemoRole } & Parameters<typeof startStation>[0] = {},
): Promise<{ station: Station; page: Page; close(): Promise<void> }> {
  const { role, ...stationOptions } = options;
  const station = await startStation(stationOptions);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (role) await signIn(page, station.url, role);
  return {
    station,
    page,
    async close() {
      await context.close();
      await station.close();
    },
  };
}

/** Opens the station and signs in with a demo account (technician, pharmacist or admin). */
export async function signIn(page: Page, url: string, role: DemoRole): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email').fill(`${role}@training.local`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

export const scanField = (page: Page) => page.locator('#scan-field');

/**
 * The e2e station's scanners mark each code, as a site may program them (station settings): a scan is then told from
 * typing by its marks, never by how fast this machine types.
 */
export const SCANNER_MARKS = { scannerPrefix: '~', scannerSuffix: '~' } as const;

/** The keys a scanner sends for `text`: its marks around the code (Enter follows). */
export const scannerKeys = (text: string) => `${SCANNER_MARKS.scannerPrefix}${text}${SCANNER_MARKS.scannerSuffix}`;

/** Types as this site's barcode scanner does into the scan field: the marked code, then Enter. */
export async function scan(page: Page, text: string): Promise<void> {
  await scanField(page).focus();
  await page.keyboard.type(scannerKeys(text));
  await page.keyboard.press('Enter');
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on the ${screen} screen`).toEqual([]);
}

const docsShots = join(root, 'docs', 'screenshots');
const tmpShots = join(root, '.tmp', 'screenshots');

/**
 * A screenshot in .tmp/screenshots/<name>.png; with STATION_DOCS_SHOTS=1 also in docs/screenshots for the README
 * (`STATION_DOCS_SHOTS=1 npx playwright test`, then look at each before committing). `fullPage`: the whole screen in
 * one picture, taken by growing the viewport to the page's height (Playwright's own full-page capture repeats the
 * sticky TRAINING banner down the page).
 */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folders = process.env.STATION_DOCS_SHOTS === '1' ? [tmpShots, docsShots] : [tmpShots];
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  if (options.fullPage) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  try {
    for (const folder of folders) {
      mkdirSync(folder, { recursive: true });
      await page.screenshot({ path: join(folder, `${name}.png`), animations: 'disabled', caret: 'hide' });
    }
  } finally {
    if (options.fullPage) await page.setViewportSize(size);
  }
}

/** The training controls are the admin's: calls the training service directly with an admin's token. */
export async function asTrainingAdmin<T = unknown>(
  training: TrainingService,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const login = await fetch(`${training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: DEMO_PASSWORD }),
  });
  expect(login.status, 'the admin signs in to the training service').toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${training.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.ok, `${method} ${path} answered ${answer.status}`).toBe(true);
  return (await answer.json()) as T;
}
