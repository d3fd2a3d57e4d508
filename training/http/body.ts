// Reads a request body within a size limit (the loopback HTTP kit) and parses it as JSON, answering clear 4xx errors
// for anything else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeAfterAnswer, readBody } from '../../kits/loopback-http/body.ts';
import { badRequest, HttpError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** A refused body is drained up to this much so its sender reads the 413; past it the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

export async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit = BODY_LIMIT_BYTES,
): Promise<unknown> {
  const read = await readBody(req, { maxBytes: limit, drainBytes: Math.max(limit, DRAIN_LIMIT_BYTES) });
  // The client went away mid-body (aborted, reset): its doing, not a fault of the service, and nobody is left to read
  // the answer. A 4xx keeps it out of the error log.
  if (read.kind === 'aborted') throw clientAborted();
  if (read.kind === 'too_large') {
    if (read.close) closeAfterAnswer(req, res);
    throw tooLarge(limit);
  }
  if (read.body.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  try {
    return JSON.parse(read.body.toString('utf8'));
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

function clientAborted(): HttpError {
  return new HttpError(400, 'client_aborted', 'The request body was cut off before it ended.');
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The body is larger than ${Math.round(limit / 1024)} KiB.`);
}
