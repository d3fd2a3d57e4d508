// `npm run training`: the line it prints, its refusals, that a service started by the station dies with it, and that
// its simulation starts paused on a fresh install and then stays as the trainer left it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRAINING_PASSWORD } from '../../../training/auth/users.ts';

const cli = resolve(import.meta.dirname, '../../../training/cli.ts');

describe('the training service command', () => {
  it('refuses a bad --port with a one-line reason and the usage, exit code 2', () => {
    const run = spawnSync(process.execPath, [cli, '--port', 'abc'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--port must be a whole number/);
    expect(run.stderr).toMatch(/usage: npm run training/);
  });

  it('prints its loopback URL, and exits when the process that started it goes away', async () => {
    const child = spawn(
      process.execPath,
      [cli, '--port', '0', '--db', ':memory:', '--orders', '5', '--quiet', '--paused', '--exit-with-parent'],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const url = await new Promise<string>((done, fail) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /training service listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
        if (match) done(match[1] as string);
      });
      child.once('exit', (code) => fail(new Error(`exited ${code} before listening`)));
    });
    expect((await fetch(`${url}/api/v1/orders`)).status).toBe(401);
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // What the operating system does to the pipe when the station is killed.
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});

describe('the simulation across starts', () => {
  const running = new Set<ChildProcess>();
  // A failed expectation must not leave a service running (the test run would wait for it).
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });
  const start = (db: string, ...flags: string[]) =>
    new Promise<{ url: string; stop: () => Promise<void> }>((done, fail) => {
      const child = spawn(process.execPath, [cli, '--port', '0', '--db', db, '--orders', '5', '--quiet', ...flags], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      running.add(child);
      child.once('exit', () => running.delete(child));
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /training service listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
        if (match) {
          const stopped = new Promise<void>((gone) => child.once('exit', () => gone()));
          done({
            url: match[1] as string,
            stop: () => {
              child.kill('SIGTERM');
              return stopped;
            },
          });
        }
      });
      child.once('exit', (code) => fail(new Error(`exited ${code} before listening`)));
    });

  async function simulation(url: string, change?: { running: boolean }): Promise<{ running: boolean }> {
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@training.local', password: TRAINING_PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const res = await fetch(`${url}/api/v1/training/simulation`, {
      method: change ? 'PUT' : 'GET',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(change ? { body: JSON.stringify(change) } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { running: boolean };
  }

  it('is paused on a fresh install, keeps what the trainer chose across restarts, and obeys --paused', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'training-cli-')), 'training.db');
    let service = await start(db);
    expect((await simulation(service.url)).running).toBe(false);
    await simulation(service.url, { running: true });
    await service.stop();
    service = await start(db);
    expect((await simulation(service.url)).running).toBe(true);
    await service.stop();
    service = await start(db, '--paused');
    expect((await simulation(service.url)).running).toBe(false);
    await service.stop();
  });
});
