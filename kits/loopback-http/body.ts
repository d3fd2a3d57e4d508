// Reads a request body within a byte limit. Past the limit a body is read on and thrown away up to a second limit, so
// a sender still sending can read its 413 on a live connection; past that the 413 goes out and the connection closes.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface BodyLimit {
  /** The most a body may carry. */
  maxBytes: number;
  /** How much of a refused body is drained before giving up on the connection; default `maxBytes` (none drained). */
  drainBytes?: number;
}

export type BodyRead =
  | { kind: 'body'; body: Buffer }
  /** `close`: the body was not read to its end, so the answer must close the connection (`closeAfterAnswer`). */
  | { kind: 'too_large'; close: boolean }
  /** The sender went away (or reset) mid-body: nobody is left to read an answer. */
  | { kind: 'aborted' };

/** The declared Content-Length, or null when the body is chunked (or the header is not plain digits). */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export function readBody(req: IncomingMessage, limit: BodyLimit): Promise<BodyRead> {
  const drainBytes = Math.max(limit.drainBytes ?? limit.maxBytes, limit.maxBytes);
  // Declared far too large: refused before a byte is read.
  if ((declaredLength(req.headers['content-length']) ?? 0) > drainBytes) {
    return Promise.resolve({ kind: 'too_large', close: true });
  }
  // The sender left before anyone started reading (the caller awaited something else first): no event will come.
  if (req.readableAborted || (req.destroyed && !req.readableEnded)) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit.maxBytes) chunks.push(chunk);
      else if (size > drainBytes) {
        req.pause();
        finish({ kind: 'too_large', close: true });
      }
    };
    req.on('data', onData);
    req.on('end', () =>
      finish(
        size > limit.maxBytes ? { kind: 'too_large', close: false } : { kind: 'body', body: Buffer.concat(chunks) },
      ),
    );
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => finish({ kind: 'aborted' }));
  });
}

/** For an answer to a request whose body was left unread: say the connection closes, and close it once answered. */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => req.destroy());
}

/** `application/json`, optionally with `charset=utf-8` (quoted or not); nothing else (a form post is not JSON). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => param === '' || param === 'charset=utf-8' || param === 'charset="utf-8"');
}
