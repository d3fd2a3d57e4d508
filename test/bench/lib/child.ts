// Starts a server in its own Node process and waits for the line that names its URL; benchmarks load it from outside.
import { type ChildProcess, spawn } from 'node:child_process';

export async function startChild(args: string[], urlPattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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
