// `npm run training`: the line it prints, its refusals, and that a service started by the station dies with it.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = resolve(import.meta.dirname, '../../../main/training/cli.ts');

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
