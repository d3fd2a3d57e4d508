// The offline shift's moving parts: a training service in a process the run owns (frozen with SIGSTOP, resumed with
// SIGCONT, killed and restarted on the same port and file) and the browser shell against it.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { startChild } from '../../bench/lib/child.ts';
import { SCANNER_MARKS, SHELL_ADDRESS } from '../../e2e/support.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface OfflineStack {
  trainingUrl: string;
  shellUrl: string;
  freeze(): void;
  resume(): void;
  /** SIGKILL, then the same service again on the same port and database file. */
  killAndRestart(): Promise<void>;
  close(): Promise<void>;
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds the renderer when out/renderer is missing or older than its sources (the e2e global setup does the same). */
export function ensureRendererBuilt(): void {
  const built = join(root, 'out', 'renderer', 'index.html');
  const fresh =
    existsSync(built) &&
    statSync(built).mtimeMs >
      Math.max(newest(join(root, 'renderer')), newest(join(root, 'contract')), newest(join(root, 'rules')));
  if (!fresh) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGCONT');
  child.kill(signal);
  await exited;
}

/** A port nothing listens on now, for the station's webhook listener (not the default another station may hold). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startOfflineStack(workDir: string, orders: number): Promise<OfflineStack> {
  const stationDir = join(workDir, 'station');
  mkdirSync(stationDir, { recursive: true });
  writeFileSync(
    join(stationDir, 'settings.json'),
    JSON.stringify({ listenerPort: await freePort(), ...SCANNER_MARKS }),
  );
  // An idle station probes after 10 quiet minutes by default (issue 34's request budget); IT's policy may shorten it,
  // as this run does so that "frozen while idle, the station finds it out by itself" is seen in seconds.
  const policyFile = join(workDir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ idleProbeSeconds: 5 }));
  const db = join(workDir, 'training.db');
  const trainingArgs = (port: number) => [
    join(root, 'training/cli.ts'),
    ...['--port', String(port), '--db', db, '--orders', String(orders), '--paused', '--quiet'],
  ];
  let training = await startChild(trainingArgs(0), /training service listening on (http:\/\/\S+)/);
  const port = Number(new URL(training.url).port);
  const shell = await startChild(
    [
      join(root, 'scripts/start-browser.ts'),
      ...['--port', '0', '--data-dir', stationDir, '--training-url', training.url, '--policy', policyFile],
    ],
    SHELL_ADDRESS,
  );
  return {
    trainingUrl: training.url,
    shellUrl: shell.url,
    freeze: () => training.child.kill('SIGSTOP'),
    resume: () => training.child.kill('SIGCONT'),
    async killAndRestart() {
      await stop(training.child, 'SIGKILL');
      training = await startChild(trainingArgs(port), /training service listening on (http:\/\/\S+)/);
    },
    async close() {
      await stop(shell.child);
      await stop(training.child);
    },
  };
}
