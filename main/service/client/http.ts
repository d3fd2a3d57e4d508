// One send of a prepared request under a timeout, its answer read as a stream up to a byte limit, every failure named
// by kind.
import { readCapped } from '../../../kits/capped-answer/read-capped.ts';

export interface PreparedRequest {
  /** Operation name, for messages. */
  operation: string;
  method: string;
  /** The path template, for logs (identifiers stay out of logs). */
  pathTemplate: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type SendOutcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  /** The answer ran past `maxBytes` (declared or read): the rest is not read, the connection dropped. */
  | { kind: 'too_large'; status: number; maxBytes: number }
  | { kind: 'network'; detail: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export interface SendLimits {
  timeoutMs: number;
  /** The most an answer's body may carry. */
  maxBytes: number;
}

export async function sendOnce(
  fetchImpl: typeof fetch,
  request: PreparedRequest,
  authorization: string | undefined,
  limits: SendLimits,
  callerSignal: AbortSignal | undefined,
): Promise<SendOutcome> {
  const { timeoutMs, maxBytes } = limits;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const headers = authorization ? { ...request.headers, Authorization: authorization } : request.headers;
  try {
    const response = await fetchImpl(request.url, { method: request.method, headers, body: request.body, signal });
    // The timeout covers the body too: a service that stalls mid-answer is as stuck as one that never answers.
    const text = await readCapped(response, maxBytes);
    if (text === null) return { kind: 'too_large', status: response.status, maxBytes };
    return { kind: 'answer', status: response.status, headers: response.headers, text };
  } catch (error) {
    if (callerSignal?.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'timeout' };
    return { kind: 'network', detail: describeNetworkError(error) };
  }
}

/** A short cause such as `ECONNREFUSED`, never the request or its headers. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  // A cause may add a sentence a person can act on (main/shells/electron/service-fetch.ts: an untrusted certificate's issuer).
  const reason = (cause as { reason?: unknown } | undefined)?.reason;
  if (cause && typeof cause.code === 'string') return typeof reason === 'string' ? reason : cause.code;
  if (error instanceof Error && error.cause instanceof Error) return error.cause.name;
  return error instanceof Error ? error.name : 'unknown';
}
