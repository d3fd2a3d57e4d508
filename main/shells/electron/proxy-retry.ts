// A service call a proxy answered with 407 (it wants a password), sent once more on Electron's ClientRequest
// (`net.request` with the service's session): `ses.fetch` has no `login` listener, so Chromium cancels its challenge,
// but a ClientRequest emits `login`, answered here as the updater's are (proxy-login.ts: the keychain entry
// "proxy:<host>:<port>", else the one prompt), and Chromium sends the request again with the credentials.
import type { AuthInfo, ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron';

export type ProxyAnswer = (authInfo: AuthInfo, callback: (username?: string, password?: string) => void) => void;
/** `net.request` bound to the service's session. */
export type NetRequest = (options: ClientRequestConstructorOptions) => ClientRequest;

/** What a ses.fetch answer or failure says when the proxy wanted a password it could not ask for. */
export function proxyWantsPassword(answer: Response | null, netError: string | undefined): boolean {
  if (answer) return answer.status === 407;
  return netError === 'ERR_PROXY_AUTH_REQUESTED' || netError === 'ERR_TUNNEL_CONNECTION_FAILED';
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function bodyOf(init: RequestInit | undefined): string | Buffer | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('a service call sends its body as text or bytes');
}

/** The call on a ClientRequest whose proxy `login` is answered; a server asking for a password is refused. */
export function sendWithProxyLogin(
  request: NetRequest,
  url: string,
  init: RequestInit | undefined,
  answerProxy: ProxyAnswer,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = request({ method: init?.method ?? 'GET', url, redirect: 'follow' });
    for (const [name, value] of new Headers(init?.headers)) sent.setHeader(name, value);
    sent.on('login', (authInfo, callback) => (authInfo.isProxy ? answerProxy(authInfo, callback) : callback()));
    sent.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
        }
        const status = response.statusCode;
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    sent.on('error', reject);
    const signal = init?.signal;
    signal?.addEventListener(
      'abort',
      () => {
        sent.abort();
        reject(signal.reason);
      },
      { once: true },
    );
    sent.end(bodyOf(init));
  });
}
