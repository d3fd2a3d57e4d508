// Reads a request body within a size limit and parses it as JSON, answering clear 4xx errors for anything else.
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function readJsonBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        req.resume();
        throw tooLarge(limit);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The client went away mid-body (aborted, reset): its doing, not a fault of the service, and nobody is left to
    // read the answer. A 4xx keeps it out of the error log.
    throw clientAborted();
  }
  if (size === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

export function clientAborted(): HttpError {
  return new HttpError(400, 'client_aborted', 'The request body was cut off before it ended.');
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The body is larger than ${Math.round(limit / 1024)} KiB.`);
}
