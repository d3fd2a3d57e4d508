// The loopback HTTP kit's body reader and JSON answers over real HTTP: a raw socket sends bodies of every size and
// framing fast-check makes up (declared or chunked, split anywhere), and cuts off or garbles them, against a real server.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../../../kits/loopback-http/answer.ts';
import { type BodyRead, closeAfterAnswer, readBody } from '../../../../kits/loopback-http/body.ts';

const MAX = 64;
const DRAIN = 256;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let server: Server;
let port: number;
/** What the reader made of each request, in arrival order (the server's side of every exchange). */
const reads: BodyRead[] = [];
/** How many requests reached the handler (their heads read). */
let started = 0;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url === '/answer') return sendJson(res, 200, { ok: true }, { 'Cache-Control': 'private', 'X-Extra': '1' });
    if (req.url === '/nothing') return sendJson(res, 204, undefined);
    started++;
    const read = await readBody(req, { maxBytes: MAX, drainBytes: DRAIN });
    reads.push(read);
    if (read.kind === 'aborted') return;
    if (read.kind === 'too_large') {
      if (read.close) closeAfterAnswer(req, res);
      return sendJson(res, 413, { error: 'payload_too_large' });
    }
    sendJson(res, 200, { bytes: read.body.length, sha: sha(read.body) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Exchange {
  /** 0 when the connection ended before an answer arrived. */
  status: number;
  body: string;
  headers: string;
}

/** One raw connection; `next()` resolves each complete response in turn, `closed` when the server hangs up. */
function open(): { socket: Socket; next(): Promise<Exchange>; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  let ended = false;
  const waiting: ((exchange: Exchange) => void)[] = [];
  const drain = () => {
    while (waiting.length > 0) {
      const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(buffer);
      if (!match) {
        if (ended) (waiting.shift() as (e: Exchange) => void)({ status: 0, body: '', headers: '' });
        return;
      }
      const length = Number(/content-length: (\d+)/i.exec(match[2] as string)?.[1] ?? 0);
      const start = match[0].length;
      if (buffer.length < start + length) return;
      (waiting.shift() as (e: Exchange) => void)({
        status: Number(match[1]),
        headers: (match[2] as string).toLowerCase(),
        body: buffer.slice(start, start + length),
      });
      buffer = buffer.slice(start + length);
    }
  };
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    drain();
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      ended = true;
      drain();
      resolve();
    }),
  );
  socket.on('error', () => {});
  return {
    socket,
    next: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        drain();
      }),
    closed,
  };
}

const head = (headers: string[]) => `POST /body HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers.join('\r\n')}\r\n\r\n`;

/** The body cut at the given points into pieces (some empty pieces are skipped: a zero chunk would end the body). */
function pieces(body: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, body.length]) {
    if (point > from) out.push(body.subarray(from, point));
    from = Math.max(from, point);
  }
  return out;
}

function frame(body: Uint8Array, cuts: number[], chunked: boolean): Buffer {
  if (!chunked) return Buffer.concat([Buffer.from(head([`Content-Length: ${body.length}`])), body]);
  const parts = pieces(body, cuts).flatMap((piece) => [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, '\r\n']);
  return Buffer.concat([
    Buffer.from(head(['Transfer-Encoding: chunked'])),
    ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)),
    Buffer.from('0\r\n\r\n'),
  ]);
}

describe('reading a body within limits', () => {
  it('gives back every body up to the limit byte for byte, refuses the rest with 413, and closes only past the drain limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.constantFrom(0, MAX - 1, MAX, MAX + 1, DRAIN - 1, DRAIN, DRAIN + 1), fc.nat(DRAIN + 120))
          .chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        async (body, cuts, chunked) => {
          const connection = open();
          const before = reads.length;
          connection.socket.write(frame(body, cuts, chunked));
          const answer = await connection.next();
          const read = reads[before];
          if (body.length <= MAX) {
            expect(answer.status).toBe(200);
            expect(JSON.parse(answer.body)).toEqual({ bytes: body.length, sha: sha(body) });
            expect(read?.kind).toBe('body');
          } else if (body.length <= DRAIN) {
            // Drained: the sender reads its 413 and the same connection takes the next request.
            expect(answer.status).toBe(413);
            expect(read).toEqual({ kind: 'too_large', close: false });
            connection.socket.write(frame(new Uint8Array([1, 2, 3]), [], false));
            expect((await connection.next()).status).toBe(200);
            connection.socket.destroy();
          } else {
            // Too large to drain: refused and the connection closed (the answer may be lost to the reset).
            expect([413, 0]).toContain(answer.status);
            await connection.closed;
            expect(read).toEqual({ kind: 'too_large', close: true });
          }
          connection.socket.destroy();
          await connection.closed;
        },
      ),
      { numRuns: 120 },
    );
  });

  it('refuses a body declared far too large before reading a byte of it', async () => {
    const connection = open();
    const before = reads.length;
    connection.socket.write(head([`Content-Length: ${DRAIN + 1}`]));
    const answer = await connection.next();
    expect(answer.status).toBe(413);
    expect(answer.headers).toContain('connection: close');
    await connection.closed;
    expect(reads[before]).toEqual({ kind: 'too_large', close: true });
  });

  it('reports a sender that goes away mid-body as aborted, owing it no answer', async () => {
    const connection = open();
    const before = reads.length;
    const heads = started;
    connection.socket.write(`${head(['Content-Length: 50'])}{"half":`);
    await expect.poll(() => started).toBe(heads + 1);
    expect(reads.length).toBe(before);
    connection.socket.destroy();
    await expect.poll(() => reads[before]).toEqual({ kind: 'aborted' });
  });

  it('reports a garbled chunked body as aborted (Node answers the framing error itself)', async () => {
    for (const garbage of ['zz\r\nabc\r\n0\r\n\r\n', '5\r\nabcdefgh\r\n0\r\n\r\n', 'ffffffffffffffffff\r\n']) {
      const connection = open();
      const before = reads.length;
      connection.socket.write(`${head(['Transfer-Encoding: chunked'])}${garbage}`);
      const answer = await connection.next();
      expect([400, 0]).toContain(answer.status);
      await connection.closed;
      await expect.poll(() => reads[before]).toEqual({ kind: 'aborted' });
    }
  });
});

describe('JSON answers', () => {
  it('are never cached, typed as UTF-8 JSON with their exact length, the caller’s headers winning', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/answer`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private');
    expect(response.headers.get('x-extra')).toBe('1');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String('{"ok":true}'.length));
    expect(await response.json()).toEqual({ ok: true });
  });

  it('a 204 has no body, no type and no length, and is not cached', async () => {
    const connection = open();
    connection.socket.write(`GET /nothing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const answer = await connection.next();
    expect(answer.status).toBe(204);
    expect(answer.headers).toContain('cache-control: no-store');
    expect(answer.headers).not.toMatch(/content-(length|type)/);
    connection.socket.destroy();
  });
});

describe('a reader that starts after the sender already left', () => {
  it('answers aborted at once instead of waiting for ever (the training service checks the token first)', async () => {
    let read: BodyRead | undefined;
    const late = createServer((req) => {
      // The handler awaits something else first; the sender leaves meanwhile. Read only once the request is closed.
      req.once('close', () => {
        void readBody(req, { maxBytes: MAX }).then((result) => {
          read = result;
        });
      });
    });
    await new Promise<void>((resolve) => late.listen(0, '127.0.0.1', resolve));
    const socket = connect((late.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /late HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n{"cut":');
    socket.destroy();
    await expect.poll(() => read).toEqual({ kind: 'aborted' });
    await new Promise<void>((resolve) => late.close(() => resolve()));
  });
});
