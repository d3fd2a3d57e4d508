// One webhook attempt: POST a JSON body and report the status, a timeout or the network error; never follows redirects.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface AttemptResult {
  /** A 2xx arrived within the time limit. */
  ok: boolean;
  statusCode: number | null;
  /** What went wrong, in words for the delivery log (never a header value: the secret must not reach the log). */
  error: string | null;
  /** The worker stopped mid-attempt: the attempt does not count. */
  stopped: boolean;
}

/**
 * POSTs `body` to `url` with a fresh connection (no pooled sockets outlive the worker) and resolves when the
 * status line arrives, when `timeoutMs` passes without one, on a network error, or when `signal` aborts. The socket
 * is closed at the latest when the time limit ends, so a receiver that sends headers and then stalls holds nothing.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'fulfillment-training-webhooks/1',
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.once('end', () => req.destroy());
        const ok = code >= 200 && code < 300;
        const redirect = code >= 300 && code < 400 ? ' (redirects are not followed)' : '';
        finish({ ok, statusCode: code, error: ok ? null : `HTTP ${code}${redirect}`, stopped: false });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s`, stopped: false });
      req.destroy();
    }, timeoutMs);
    req.once('close', () => clearTimeout(timer));
    const onAbort = () => {
      finish({ ok: false, statusCode: null, error: 'the service stopped during the attempt', stopped: true });
      req.destroy();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ ok: false, statusCode: null, error: describeNetworkError(error), stopped: false });
    });
    req.end(body);
  });
}

const known: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  CERT_HAS_EXPIRED: 'the receiver’s TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the receiver’s TLS certificate is self-signed',
};

function describeNetworkError(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  const words = known[code] ?? error.message;
  return `${words}${code && !words.includes(code) ? ` (${code})` : ''}`.slice(0, 300);
}
