// Starts Debian's nats-server (JetStream on) for a test on a free 127.0.0.1 port with a temporary store, and stops it.
// Tests, the events bench and the relay fault run use this; nothing else starts a NATS server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER_BINARY = '/usr/sbin/nats-server';

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  /** Starts it again on the same port and store (after `kill`). */
  restart(): Promise<void>;
  /** SIGKILL: no goodbye, as a power cut. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: a server that hangs with its connections open (answers nothing, closes nothing). */
  freeze(): void;
  thaw(): void;
  /** SIGHUP: the server reads its configuration file again (IT's `systemctl reload nats-server`). */
  reload?(): void;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function launch(port: number, storeDir: string, auth: string[]): Promise<ChildProcess> {
  return launchWith(['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir, ...auth]);
}

function launchWith(args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(NATS_SERVER_BINARY, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Server is ready')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`nats-server exited (${code}) before it was ready: ${seen.slice(-500)}`)),
    );
  });
}

/** SIGKILLs a server process and waits until it is gone. */
async function killChild(running: ChildProcess | null): Promise<void> {
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

/**
 * A running server as the tests hold it: `launch` starts its process (again after a kill, on the same port and store);
 * `configured`: it reads a configuration file, so SIGHUP reloads it; `removeStore`: stopping it deletes its store.
 */
async function serverOf(
  port: number,
  storeDir: string,
  launchIt: () => Promise<ChildProcess>,
  options: { configured: boolean; removeStore: boolean },
): Promise<NatsServer> {
  let child: ChildProcess | null = await launchIt();
  const kill = async () => {
    const running = child;
    child = null;
    await killChild(running);
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    kill,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    ...(options.configured ? { reload: () => child?.kill('SIGHUP') } : {}),
    async restart() {
      await kill();
      child = await launchIt();
    },
    async stop() {
      await kill();
      if (options.removeStore) rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts nats-server with a configuration file as IT runs it (`nats-server -c FILE`); `port` and `storeDir` are those
 * the file names. Stopping it leaves the file's folder to the caller.
 */
export function startConfiguredNatsServer(configFile: string, port: number, storeDir: string): Promise<NatsServer> {
  return serverOf(port, storeDir, () => launchWith(['-c', configFile]), { configured: true, removeStore: false });
}

/** `users`: the users and passwords the server demands (each station's credentials from IT, the relay's), or none. */
export async function startNatsServer(users: readonly { user: string; pass: string }[] = []): Promise<NatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'nats-store-'));
  const args: string[] = [];
  if (users.length > 0) {
    const config = join(storeDir, 'auth.conf');
    const list = users.map((u) => `{ user: ${JSON.stringify(u.user)}, password: ${JSON.stringify(u.pass)} }`);
    writeFileSync(config, `authorization { users = [ ${list.join(', ')} ] }\n`, { mode: 0o600 });
    args.push('-c', config);
  }
  return serverOf(port, storeDir, () => launch(port, storeDir, args), { configured: false, removeStore: true });
}
