// A ZPL label sent raw: to a CUPS queue with `lp -d QUEUE -o raw` (a recording `lp` first on PATH stands in for CUPS,
// the OS step), and to a printer's raw port 9100 (a real TCP listener on loopback takes the bytes).
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sendRaw, sendRawToCups, sendRawToPort } from '../../../../main/work/print/raw-label.ts';

const ZPL = '^XA\n^CI28\n^FO24,14^A0N,30,30^FH_^FDZo_C3_AB^FS\n^XZ';
const dir = mkdtempSync(join(tmpdir(), 'station-raw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** An `lp` that records its arguments and stdin, and fails like CUPS for an unknown queue. */
function recordingLp() {
  const lp = join(dir, 'lp');
  writeFileSync(
    lp,
    `#!/bin/sh\nif [ "$2" = "Missing" ]; then echo "lp: The printer or class does not exist." >&2; exit 1; fi\n` +
      `printf '%s\\n' "$@" > "${dir}/args"\ncat > "${dir}/stdin"\necho "request id is $2-7 (1 file(s))"\n`,
  );
  chmodSync(lp, 0o755);
  vi.stubEnv('PATH', `${dir}:${process.env.PATH ?? ''}`);
}

describe('a ZPL label to a CUPS queue', () => {
  it('goes to lp as a raw job, the label on stdin, byte for byte', async () => {
    recordingLp();
    expect(await sendRawToCups('Zebra_ZD421', ZPL)).toEqual({ sent: true, problem: null });
    expect(readFileSync(join(dir, 'args'), 'utf8').trim().split('\n')).toEqual(['-d', 'Zebra_ZD421', '-o', 'raw']);
    expect(readFileSync(join(dir, 'stdin'), 'utf8')).toBe(ZPL);
  });

  it('a queue CUPS does not know is not sent, with lp’s own sentence', async () => {
    recordingLp();
    expect(await sendRawToCups('Missing', ZPL)).toEqual({
      sent: false,
      problem: 'lp: The printer or class does not exist.',
    });
  });
});

describe('a ZPL label to a printer’s raw port', () => {
  let printer: Server;
  afterEach(() => new Promise((resolve) => printer.close(resolve)));

  it('arrives whole at port 9100’s listener', async () => {
    const received: Buffer[] = [];
    const closed = new Promise<void>((resolve) => {
      printer = createServer((socket) => {
        socket.on('data', (chunk) => received.push(chunk));
        socket.on('end', () => resolve());
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as { port: number }).port;
    expect(await sendRawToPort('127.0.0.1', ZPL, { port })).toEqual({ sent: true, problem: null });
    await closed;
    expect(Buffer.concat(received).toString('utf8')).toBe(ZPL);
  });

  it('the policy’s target picks the way: tcp://host:port goes to the port, a queue name to lp', async () => {
    const received: Buffer[] = [];
    const closed = new Promise<void>((resolve) => {
      printer = createServer((socket) => {
        socket.on('data', (chunk) => received.push(chunk));
        socket.on('end', () => resolve());
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as { port: number }).port;
    expect(await sendRaw(`tcp://127.0.0.1:${port}`, ZPL)).toEqual({ sent: true, problem: null });
    await closed;
    expect(Buffer.concat(received).toString('utf8')).toBe(ZPL);
    recordingLp();
    expect(await sendRaw('Zebra_ZD421', ZPL)).toEqual({ sent: true, problem: null });
    expect(readFileSync(join(dir, 'args'), 'utf8')).toContain('Zebra_ZD421');
  });

  it('a printer that is off says so, naming the address', async () => {
    printer = createServer();
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as { port: number }).port;
    await new Promise((resolve) => printer.close(resolve));
    printer = createServer().listen(0);
    expect(await sendRawToPort('127.0.0.1', ZPL, { port })).toEqual({
      sent: false,
      problem: 'the printer at 127.0.0.1 could not be reached (ECONNREFUSED)',
    });
  });
});
