// Starts a server in its own Node process and waits for the line that names its URL; benchmarks load it from outside.
import { type ChildProcess, spawn } from 'node:child_process';

/** The children started here and still running: killed when this process exits, so none outlives it. */
const running = new Set<ChildProcess>();
let reaperSet = false;

/**
 * A child left running by a test that failed before its clean-up (an afterAll that threw) would outlive the test
 * worker and hold the runner's output open, so the run never ends: when this process exits, its children go too.
 */
function killWhenThisExits(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (reaperSet) return;
  reaperSet = true;
  process.once('exit', () => {
    for (const left of running) left.kill('SIGKILL');
  });
}

export async function startChild(args: string[], urlPattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  killWhenThisExits(child);
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = urlPattern.exec(seen);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code} before listening`)));
  });
  return { url, child };
}

/** Stops the children last started first (the shell before the service), each closing its files before it goes. */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}
