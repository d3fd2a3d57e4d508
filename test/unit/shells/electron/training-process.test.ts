// The training service as an Electron utility process: forked with the app's arguments, its URL read from its stdout.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createUtilityTrainingStarter, trainingArguments } from '../../../../main/shells/electron/training-process.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

beforeEach(async () => {
  resetElectron();
  await electron.app.becomeReady();
});

const DEMO = { accounts: [{ email: 'admin@training.local', role: 'admin' }], password: 'Training-2026!' };
const DEMO_LINE = `training service demo accounts ${JSON.stringify(DEMO)}\n`;
/** The two lines the CLI prints once it listens: its URL, then its demo accounts. */
const ANNOUNCED = `training service listening on http://127.0.0.1:41234\n${DEMO_LINE}`;

function starter(startTimeoutMs?: number) {
  return createUtilityTrainingStarter({
    fork: electron.utilityProcess.fork as never,
    modulePath: '/app/out/training/cli.js',
    ...(startTimeoutMs !== undefined ? { startTimeoutMs } : {}),
  });
}

describe('the utility-process training starter', () => {
  it('forks the built CLI on any free port with its database in the data folder, output piped', async () => {
    const started = starter()('/data/userData');
    const forked = electron.utilityProcess.forked[0]!;
    expect(forked.modulePath).toBe('/app/out/training/cli.js');
    expect(forked.args).toEqual(['--port', '0', '--db', join('/data/userData', 'training.db'), '--quiet']);
    expect(forked.options).toMatchObject({ stdio: 'pipe' });
    forked.child.stdout!.emit('data', ANNOUNCED);
    await expect(started).resolves.toMatchObject({ url: 'http://127.0.0.1:41234', demoAccounts: DEMO });
  });

  it('reads the URL even when the line arrives in pieces', async () => {
    const started = starter()('/data');
    const { child } = electron.utilityProcess.forked[0]!;
    child.stdout!.emit('data', 'training service listen');
    child.stdout!.emit('data', 'ing on http://127.0.0.1:5');
    child.stdout!.emit('data', '5555\n');
    child.stdout!.emit('data', DEMO_LINE.slice(0, 20));
    child.stdout!.emit('data', DEMO_LINE.slice(20));
    await expect(started).resolves.toMatchObject({ url: 'http://127.0.0.1:55555', demoAccounts: DEMO });
  });

  it('waits for the demo accounts after the URL, and refuses a start whose accounts line it cannot read', async () => {
    const settled = vi.fn();
    const started = starter()('/data');
    void started.then(settled, settled);
    const { child } = electron.utilityProcess.forked[0]!;
    child.stdout!.emit('data', 'training service listening on http://127.0.0.1:41234\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).not.toHaveBeenCalled();
    child.stdout!.emit('data', 'training service demo accounts {"accounts":"everyone"}\n');
    await expect(started).rejects.toThrow(/demo accounts in a form the station does not know/);
    expect(child.killed).toBe(true);
  });

  it('a process that exits before listening fails the start with its last error line', async () => {
    const started = starter()('/data');
    const { child } = electron.utilityProcess.forked[0]!;
    child.stderr!.emit('data', 'database is locked\n');
    child.fire('exit', 1);
    await expect(started).rejects.toThrow(/exit 1.*database is locked/);
  });

  it('a process that never says it listens is stopped and the start fails', async () => {
    const started = starter(20)('/data');
    await expect(started).rejects.toThrow(/did not start in time/);
    expect(electron.utilityProcess.forked[0]!.child.killed).toBe(true);
  });

  it('stop kills the process and waits for it to exit', async () => {
    const started = starter()('/data');
    const { child } = electron.utilityProcess.forked[0]!;
    child.stdout!.emit('data', ANNOUNCED);
    await (await started).stop();
    expect(child.killed).toBe(true);
  });

  it('a start that times out before the process spawned still kills it once it spawns', async () => {
    electron.utilityProcess.holdSpawn = true;
    const started = starter(20)('/data');
    await expect(started).rejects.toThrow(/did not start in time/);
    const { child } = electron.utilityProcess.forked[0]!;
    expect(child.killed).toBe(false);
    child.spawn();
    expect(child.killed).toBe(true);
  });

  it('stop waits for the exit Electron reports after our kill (code 0), and logs nothing unexpected', async () => {
    const lines: string[] = [];
    const start = createUtilityTrainingStarter({
      fork: electron.utilityProcess.fork as never,
      modulePath: '/app/out/training/cli.js',
      log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
    });
    const started = start('/data');
    const { child } = electron.utilityProcess.forked[0]!;
    await new Promise((resolve) => child.once('spawn', resolve));
    child.stdout!.emit('data', ANNOUNCED);
    const exited = new Promise<number>((resolve) => child.once('exit', resolve));
    await (await started).stop();
    await expect(exited).resolves.toBe(0);
    expect(child.pid).toBeUndefined();
    expect(lines.filter((line) => line.includes('stopped unexpectedly'))).toEqual([]);
  });

  it('a service killed from outside is logged with the signal’s number, as Electron reports it', async () => {
    const lines: string[] = [];
    const start = createUtilityTrainingStarter({
      fork: electron.utilityProcess.fork as never,
      modulePath: '/app/out/training/cli.js',
      log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
    });
    const started = start('/data');
    const { child } = electron.utilityProcess.forked[0]!;
    child.stdout!.emit('data', ANNOUNCED);
    await started;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.killedBy('SIGKILL');
    await exited;
    expect(lines.find((line) => line.includes('stopped unexpectedly'))).toContain('"code":9');
  });

  it('understands what the real training CLI prints (run here as a Node child process)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'station-training-'));
    const cli = resolve(import.meta.dirname, '../../../../training/cli.ts');
    const start = createUtilityTrainingStarter({
      fork: ((modulePath: string, args: string[]) =>
        spawn(process.execPath, [modulePath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })) as never,
      modulePath: cli,
    });
    const training = await start(dataDir);
    try {
      expect(training.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(training.demoAccounts?.accounts.map((account) => account.role)).toEqual([
        'admin',
        'pharmacist',
        'technician',
      ]);
      const response = await fetch(`${training.url}/api/v1/orders`);
      expect(response.status).toBe(401);
    } finally {
      await training.stop();
    }
    expect(trainingArguments(dataDir)).toContain(join(dataDir, 'training.db'));
  }, 60_000);
});
