// A ZPL label (rules/documents/label-zpl.ts) sent raw to a thermal printer: no driver renders it, the printer reads the
// ZPL itself. Linux and macOS: the CUPS queue with `lp -d QUEUE -o raw` (the ZPL on stdin, no shell). Windows: the
// printer's raw port, TCP 9100, which every networked Zebra listens on: raw spooling through a Windows queue needs the
// spooler's native API (OpenPrinter/StartDocPrinter with the RAW datatype), that is a native module or a helper
// program we would build, sign and ship for one call; port 9100 needs nothing installed. Its limits (a USB-only
// printer is not reachable; the Windows queue and its log are bypassed) are in docs/it-guide.md.
import { execFile } from 'node:child_process';
import { connect } from 'node:net';

export interface RawSent {
  sent: boolean;
  problem: string | null;
}

/** `lp -d QUEUE -o raw`, the label on stdin; `sent` is the spooler's word (the job was queued), not the paper's. */
export function sendRawToCups(queue: string, zpl: string): Promise<RawSent> {
  return new Promise((resolve) => {
    const child = execFile('lp', ['-d', queue, '-o', 'raw'], { timeout: 30_000 }, (error, _stdout, stderr) => {
      const problem = error ? (stderr.trim().split('\n')[0] ?? '').slice(0, 200) || error.message : null;
      resolve({ sent: !error, problem });
    });
    // lp may refuse and exit before it reads the label (an unknown queue): the pipe's error then is not the answer,
    // lp's exit and its own sentence are.
    child.stdin?.on('error', () => {});
    child.stdin?.end(zpl);
  });
}

/** The label to a printer's raw port (9100); answered once the printer took every byte, or with why not. */
export function sendRawToPort(host: string, zpl: string, options: { port?: number; timeoutMs?: number } = {}) {
  return new Promise<RawSent>((resolve) => {
    const socket = connect({ host, port: options.port ?? 9100 });
    let settled = false;
    const done = (answer: RawSent) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(options.timeoutMs ?? 10_000, () =>
      done({ sent: false, problem: `the printer at ${host} did not answer` }),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done({ sent: false, problem: `the printer at ${host} could not be reached (${error.code ?? 'error'})` }),
    );
    socket.on('connect', () => socket.end(zpl, () => done({ sent: true, problem: null })));
  });
}

/** The label to where the machine policy's `zplLabelPrinter.target` says: `tcp://host[:port]`, else a CUPS queue. */
export function sendRaw(target: string, zpl: string): Promise<RawSent> {
  const tcp = /^tcp:\/\/([^:/]+)(?::(\d+))?$/.exec(target);
  if (!tcp) return sendRawToCups(target, zpl);
  return sendRawToPort(tcp[1] as string, zpl, { port: tcp[2] ? Number(tcp[2]) : 9100 });
}
