// The stand-in's `net.request`: Electron's ClientRequest (docs, api/client-request.md) done with Node's http over real
// loopback HTTP. What electron-updater relies on is copied: `redirect: 'manual'` turns a 3xx into a `redirect` event
// (statusCode, method, redirectUrl, responseHeaders) instead of following it; a 407 from a proxy is the `login` event
// (authInfo { isProxy, scheme, host, port, realm }, callback(username?, password?)); a connection error is an Error
// whose message is Chromium's net error ('net::ERR_CONNECTION_REFUSED'); `abort()` ends it with an `abort` event.
import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';

interface RequestOptions {
  url?: string;
  method?: string;
  protocol?: string;
  hostname?: string;
  host?: string;
  port?: number | string;
  path?: string;
  headers?: Record<string, string>;
  redirect?: 'follow' | 'error' | 'manual';
  session?: unknown;
}

/** Every request the stand-in's net made, for tests to read (the session it went through included). */
export const netRequests: { url: string; session: unknown }[] = [];

export class FakeClientRequest extends EventEmitter {
  readonly #options: RequestOptions;
  #aborted = false;
  #body: Buffer[] = [];
  readonly #headers: Record<string, string>;
  constructor(options: RequestOptions | string) {
    super();
    this.#options = typeof options === 'string' ? { url: options } : options;
    this.#headers = { ...(this.#options.headers ?? {}) };
  }
  get url(): string {
    const o = this.#options;
    if (o.url) return o.url;
    const port = o.port ? `:${o.port}` : '';
    return `${o.protocol ?? 'http:'}//${o.hostname ?? o.host}${port}${o.path ?? '/'}`;
  }
  setHeader(name: string, value: string): void {
    this.#headers[name] = value;
  }
  write(chunk: string | Buffer): void {
    this.#body.push(Buffer.from(chunk));
  }
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.emit('abort');
  }
  end(chunk?: string | Buffer): this {
    if (chunk !== undefined) this.write(chunk);
    this.#send(undefined);
    return this;
  }
  #send(proxyAuthorization: string | undefined): void {
    const url = new URL(this.url);
    if (url.protocol !== 'http:') throw new Error('the stand-in net speaks plain http (loopback test servers) only');
    netRequests.push({ url: url.href, session: this.#options.session });
    const headers = { ...this.#headers, ...(proxyAuthorization ? { 'proxy-authorization': proxyAuthorization } : {}) };
    const outgoing = httpRequest(url, { method: this.#options.method ?? 'GET', headers }, (response) =>
      this.#answer(response, proxyAuthorization !== undefined),
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#aborted) return;
      this.emit('error', new Error(error.code === 'ECONNREFUSED' ? 'net::ERR_CONNECTION_REFUSED' : 'net::ERR_FAILED'));
    });
    this.once('abort', () => outgoing.destroy());
    outgoing.end(Buffer.concat(this.#body));
  }
  #answer(response: IncomingMessage, triedLogin: boolean): void {
    if (this.#aborted) return void response.resume();
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location && this.#options.redirect === 'manual') {
      response.resume();
      this.emit('redirect', status, this.#options.method ?? 'GET', new URL(location, this.url).href, response.headers);
      return;
    }
    if (status === 407 && !triedLogin && this.listenerCount('login') > 0) {
      const challenge = String(response.headers['proxy-authenticate'] ?? '');
      const url = new URL(this.url);
      const authInfo = {
        isProxy: true,
        scheme: challenge.split(' ')[0]?.toLowerCase() ?? 'basic',
        host: url.hostname,
        port: Number(url.port),
        realm: /realm="([^"]*)"/.exec(challenge)?.[1] ?? '',
      };
      // "Calling callback without username and password cancels the request" (docs, client-request.md, 'login').
      this.emit('login', authInfo, (username?: string, password?: string) => {
        // Cancelled: the 407 itself is the answer, its body unread until now.
        if (username === undefined) return void this.#answer(response, true);
        response.resume();
        this.#send(`Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`);
      });
      return;
    }
    this.emit('response', response);
  }
}

export const fakeNet = {
  request: (options: RequestOptions | string) => new FakeClientRequest(options),
};
