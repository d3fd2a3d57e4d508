// The README's first command as a new user meets it: `npm start` in a copy of the project with no out/ builds the
// screens with one progress line, prints the address to open as its last line, and that address signs in.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { root, signIn } from './support.ts';

/** What `npm start` needs from a fresh clone; node_modules is linked, not copied, and out/ is left behind. */
const PROJECT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'vite.config.ts',
  'contract',
  'rules',
  'kits',
  'training',
  'relay',
  'main',
  'preload',
  'renderer',
  'resources',
  'scripts',
];

let work: string;
let child: ChildProcess | undefined;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.afterAll(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    // npm, its shell and the station share one process group: stop them all.
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('npm start with no build prints one progress line, the address last, and that address signs in', async ({
  page,
}) => {
  test.setTimeout(240_000);
  work = mkdtempSync(join(tmpdir(), 'station-first-start-'));
  const project = join(work, 'project');
  for (const file of PROJECT_FILES) cpSync(join(root, file), join(project, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  expect(existsSync(join(project, 'out'))).toBe(false);
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  // A free listener port: the default one may be held by another station on this computer.
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ listenerPort: await freePort() }));

  child = spawn('npm', ['start', '--silent'], {
    cwd: project,
    env: { ...process.env, STATION_DATA_DIR: dataDir, STATION_NO_OPEN: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const address = /^(http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+)\n/m;
  await expect.poll(() => address.test(output) || child?.exitCode !== null, { timeout: 200_000 }).toBe(true);
  expect(child.exitCode, output).toBeNull();

  // The address is the last line, alone, under a line that says what to do with it; nothing else is noise.
  const lines = output.trimEnd().split('\n');
  const url = lines.at(-1) as string;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+$/);
  expect(lines.at(-2)).toMatch(/^Open this address in a browser/);
  expect(lines.filter((line) => line.startsWith('Building '))).toHaveLength(1);
  expect(
    lines.filter((line) => line.trimStart().startsWith('{')),
    'no JSON log on the terminal',
  ).toEqual([]);
  expect(existsSync(join(project, 'out', 'renderer', 'index.html'))).toBe(true);
  const logPath = /its log is (\S+)$/m.exec(output)?.[1] as string;
  expect(logPath).toBe(join(dataDir, 'logs', 'station.log'));

  // The address shows the sign-in screen, a demo account signs in, and the terminal says so in words.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Sign in to the station' })).toBeVisible();
  await signIn(page, url, 'technician');
  await expect.poll(() => output).toContain('signed in (technician)');
  const logged = readFileSync(logPath, 'utf8').trim().split('\n');
  expect(logged.length).toBeGreaterThan(0);
  for (const line of logged) expect(() => JSON.parse(line)).not.toThrow();
  expect(readFileSync(logPath, 'utf8')).not.toContain('Training-2026!');
});
