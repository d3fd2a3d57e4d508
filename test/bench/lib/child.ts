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
