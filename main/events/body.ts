// Reads a request body up to a limit; past the limit it discards (so the sender still gets an answer) up to a hard cap.
import type { IncomingMessage } from 'node:http';

/** Past this much, a refused body is not drained any more: the connection is cut instead. */
export const DISCARD_LIMIT_BYTES = 1024 * 1024;

export type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too_large' } | { kind: 'aborted' };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else if (size > DISCARD_LIMIT_BYTES) {
        finish({ kind: 'aborted' });
        req.destroy();
      }
    });
    req.on('end', () =>
      finish(size > maxBytes ? { kind: 'too_large' } : { kind: 'body', body: Buffer.concat(chunks) }),
    );
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => finish({ kind: 'aborted' }));
  });
}
