// The stand-in's windows, pages, frames and sessions: what loads, when it shows, which origin a frame has, what a
// session's request handlers let through.

import type { IncomingMessage } from 'node:http';
import { vi } from 'vitest';
import { fetchPage, type LoadError } from './stand-in-ipc.ts';
import { FakeClientRequest } from './stand-in-net.ts';
import { Emitter, isWayland, originOf, requireReady, state } from './stand-in-state.ts';

const DISPOSED = 'Render frame was disposed before WebFrameMain could be accessed';

let frameCounter = 0;

/**
 * One frame of a page (WebFrameMain). Once its render frame is disposed, reading `url`, `origin` or `parent` throws
 * Electron's own error (WebFrameMain::CheckRenderFrame, shell/browser/api/electron_api_web_frame_main.cc);
 * `detached` and `frameToken` stay readable.
 */
export class FakeFrame {
  readonly frameToken = `frame-${++frameCounter}`;
  detached = false;
  disposed = false;
  #url: string;
  #origin: string;
  #parent: FakeFrame | null;
  constructor(url: string, origin: string, parent: FakeFrame | null = null) {
    this.#url = url;
    this.#origin = origin;
    this.#parent = parent;
  }
  #check(): void {
    if (this.disposed) throw new Error(DISPOSED);
  }
  get url(): string {
    this.#check();
    return this.#url;
  }
  set url(value: string) {
    this.#url = value;
  }
  get origin(): string {
    this.#check();
    return this.#origin;
  }
  set origin(value: string) {
    this.#origin = value;
  }
  get parent(): FakeFrame | null {
    this.#check();
    return this.#parent;
  }
  /** What a navigation does to the frame: a new URL, and the origin Chromium derives from it. */
  navigate(url: string): void {
    this.#url = url;
    this.#origin = originOf(url);
  }
}

/** A frame with an explicit url and origin (a test's foreign or odd frame). */
export function fakeFrame(url: string, origin: string, parent: FakeFrame | null = null): FakeFrame {
  return new FakeFrame(url, origin, parent);
}

let contentsCounter = 0;

export class FakeWebContents extends Emitter {
  readonly id = ++contentsCounter;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: { channel: string; payload: unknown }[] = [];
  destroyed = false;
  /** A new page's frame is about:blank until something loads ("null" origin, as Chromium has it). */
  mainFrame: FakeFrame = new FakeFrame('about:blank', 'null');
  /**
   * What the next print job ends with, as Electron calls back (docs, api/web-contents.md, contents.print: "Some possible
   * failureReasons for print failure include: Print job canceled, Print job failed, Invalid printer settings").
   */
  static printAnswer: { success: boolean; failureReason: string } = { success: true, failureReason: '' };
  readonly printJobs: Record<string, unknown>[] = [];
  /** What the last load got from its scheme's handler (status, content type, body). */
  page: { status: number; contentType: string | null; body: string } | null = null;
  /** The system's printers (docs, contents.getPrintersAsync: "Resolves with a PrinterInfo[]"; name, displayName, description, options). */
  static printers: { name: string; displayName: string; description: string; options: Record<string, string> }[] = [];
  getPrintersAsync(): Promise<typeof FakeWebContents.printers> {
    return Promise.resolve(FakeWebContents.printers.map((printer) => ({ ...printer })));
  }
  readonly pdfJobs: Record<string, unknown>[] = [];
  /** Prints the page; the callback gets (success, failureReason) once the job ends, never synchronously. */
  print(options: Record<string, unknown> = {}, callback?: (success: boolean, failureReason: string) => void): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.printJobs.push({ ...options, url: this.mainFrame.url });
    const { success, failureReason } = FakeWebContents.printAnswer;
    setImmediate(() => callback?.(success, success ? '' : failureReason));
  }
  /** "Resolves with the generated PDF data" (docs, contents.printToPDF): a Buffer, here naming the page printed. */
  printToPDF(options: Record<string, unknown> = {}): Promise<Buffer> {
    this.pdfJobs.push({ ...options, url: this.mainFrame.url });
    return Promise.resolve(Buffer.from(`%PDF-1.7 stand-in of ${this.mainFrame.url}\n%%EOF\n`));
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** The options the app passes to `new BrowserWindow` (docs, api/structures/browser-window-options.md), as read here. */
export type BrowserWindowOptions = Record<string, unknown> & {
  show?: boolean;
  webPreferences?: Record<string, unknown>;
};

export class FakeBrowserWindow extends Emitter {
  static created: FakeBrowserWindow[] = [];
  /** When true, loadURL never finishes (a renderer that hangs), so only the show timer can show the window. */
  static loadsHang = false;
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.created.filter((w) => !w.destroyed);
  }
  /** What the app passed to `new BrowserWindow(options)`. */
  readonly options: BrowserWindowOptions;
  readonly webContents = new FakeWebContents();
  loadedUrls: string[] = [];
  calls: string[] = [];
  minimized = false;
  visible: boolean;
  destroyed = false;
  #painted = false;
  #readyToShowSent = false;
  constructor(options: BrowserWindowOptions) {
    requireReady('BrowserWindow');
    super();
    this.options = options;
    this.visible = options?.show !== false;
    FakeBrowserWindow.created.push(this);
    state.app?.fire('web-contents-created', {}, this.webContents);
  }
  /**
   * Resolves "when the page has finished loading (see did-finish-load)" (docs, api/web-contents.md, loadURL): the frame
   * navigates, then `did-finish-load`, then — for a hidden window that painted — `ready-to-show`. On Wayland a hidden
   * window does not paint, so `ready-to-show` waits for `show()` (electron/electron#48859).
   */
  /** docs, api/browser-window.md, win.removeMenu(): the window's own menu bar is gone. */
  removeMenu(): void {
    this.calls.push('removeMenu');
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    if (FakeBrowserWindow.loadsHang) return new Promise(() => {});
    // The page comes from the scheme's handler (stand-in-ipc.ts); a scheme nobody handles fails the load.
    let page: Awaited<ReturnType<typeof fetchPage>>;
    try {
      page = await fetchPage(url);
    } catch (error) {
      const failure = error as LoadError;
      this.webContents.fire('did-fail-load', {}, failure.code, failure.message, url, true);
      throw error;
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (this.destroyed) return;
    this.webContents.page = page;
    this.webContents.mainFrame.navigate(url);
    this.webContents.fire('did-finish-load', {});
    this.#painted = !isWayland() || this.visible;
    setImmediate(() => this.#maybeReadyToShow());
  }
  #maybeReadyToShow(): void {
    // "Emitted when the web page has been rendered (while not being shown)" (docs, api/browser-window.md): once.
    if (!this.#painted || this.#readyToShowSent) return;
    this.#readyToShowSent = true;
    this.fire('ready-to-show');
  }
  show(): void {
    this.calls.push('show');
    this.visible = true;
    if (isWayland() && this.loadedUrls.length > 0 && !this.#painted) {
      this.#painted = true;
      setImmediate(() => this.#maybeReadyToShow());
    }
  }
  focus(): void {
    this.calls.push('focus');
  }
  restore(): void {
    this.calls.push('restore');
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The window closes: its contents go, `closed` fires (docs, api/browser-window.md, 'closed'). */
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.fire('closed');
  }
}

type VerifyProc = (
  request: { hostname: string; certificate: { issuerName: string }; verificationResult: string; errorCode: number },
  callback: (verificationResult: number) => void,
) => void;

/**
 * Chromium's certificate check on a real TLS handshake: the server's certificate is verified against the trusted roots
 * (Node's here); the session's verify proc sees it with Chromium's verdict (`net::ERR_CERT_AUTHORITY_INVALID`, -202,
 * for an unknown issuer) and answers 0 (accept), -2 (reject) or -3 (Chromium's verdict). A refusal fails the request
 * with `net::ERR_CERT_AUTHORITY_INVALID`. Accepting an untrusted certificate is not modelled (the station never does).
 */
async function verifyCertificate(url: URL, proc: VerifyProc | null): Promise<void> {
  const { connect } = await import('node:tls');
  const verdict = await new Promise<{ authorized: boolean; issuer: string }>((resolve, reject) => {
    const socket = connect(
      { host: url.hostname, port: Number(url.port || 443), servername: url.hostname, rejectUnauthorized: false },
      () => {
        const issuer = socket.getPeerCertificate().issuer ?? {};
        resolve({ authorized: socket.authorized, issuer: String(issuer.CN ?? issuer.O ?? '') });
        socket.end();
      },
    );
    socket.once('error', () => reject(new Error('net::ERR_CONNECTION_REFUSED')));
  });
  const errorCode = verdict.authorized ? 0 : -202;
  const verificationResult = verdict.authorized ? 'net::OK' : 'net::ERR_CERT_AUTHORITY_INVALID';
  const answer = proc
    ? await new Promise<number>((resolve) =>
        proc(
          { hostname: url.hostname, certificate: { issuerName: verdict.issuer }, verificationResult, errorCode },
          resolve,
        ),
      )
    : -3;
  const final = answer === -3 ? errorCode : answer;
  if (final !== 0) throw new Error('net::ERR_CERT_AUTHORITY_INVALID');
  if (!verdict.authorized) throw new Error('the stand-in does not model accepting an untrusted certificate');
}

type BeforeRequest = (
  details: { url: string; method: string },
  callback: (answer: { cancel: boolean }) => void,
) => void;

/**
 * A session. Its `fetch` is Chromium's network stack, here done with Node's fetch over real HTTP, and — as in Electron —
 * requests made with it "will trigger webRequest handlers if present" (docs, api/net.md, net.fetch): one the handler
 * cancels fails with `net::ERR_BLOCKED_BY_CLIENT`, a refused connection with `net::ERR_CONNECTION_REFUSED`
 * (lib/common/api/net-client-request.ts: `new Error(netErrorString)`).
 */
export class FakeSession {
  readonly partition: string;
  beforeRequest: BeforeRequest | null = null;
  readonly requests: string[] = [];
  setPermissionRequestHandler = vi.fn();
  setPermissionCheckHandler = vi.fn();
  setDevicePermissionHandler = vi.fn();
  webRequest = {
    onBeforeRequest: vi.fn((listener: BeforeRequest) => {
      this.beforeRequest = listener;
    }),
    onHeadersReceived: vi.fn(),
  };
  constructor(partition: string) {
    this.partition = partition;
  }
  verifyProc: VerifyProc | null = null;
  /** docs, api/session.md, setCertificateVerifyProc: the proc sees each server certificate Chromium verified. */
  setCertificateVerifyProc(proc: VerifyProc | null): void {
    this.verifyProc = proc;
  }
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    this.requests.push(request.url);
    if (request.url.startsWith('https:')) await verifyCertificate(new URL(request.url), this.verifyProc);
    if (this.beforeRequest) {
      const cancel = await new Promise<boolean>((resolve) =>
        this.beforeRequest?.({ url: request.url, method: request.method }, (answer) => resolve(answer.cancel)),
      );
      if (cancel) throw new Error('net::ERR_BLOCKED_BY_CLIENT');
    }
    if (request.url.startsWith('http:')) return fetchOverClientRequest(request, this);
    try {
      return await fetch(request);
    } catch (error) {
      if (request.signal.aborted) throw error;
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(code === 'ECONNREFUSED' ? 'net::ERR_CONNECTION_REFUSED' : 'net::ERR_FAILED');
    }
  }
}

/**
 * Electron's `session.fetch` is `fetchWithSession` over `net.request` (lib/browser/api/session.ts, net-fetch.ts): for
 * plain http the stand-in does the same over its ClientRequest. Its `login` has no listener there, so a proxy's 407 is
 * delivered as the 407 answer (Chromium's CancelAuth), not turned into a network error as Node's fetch would.
 */
async function fetchOverClientRequest(request: Request, session: FakeSession): Promise<Response> {
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const sent = new FakeClientRequest({
    url: request.url,
    method: request.method,
    headers: Object.fromEntries(request.headers),
    session,
  });
  return new Promise((resolve, reject) => {
    sent.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const status = response.statusCode ?? 0;
        resolve(
          new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }),
        );
      });
    });
    sent.on('error', reject);
    request.signal.addEventListener(
      'abort',
      () => {
        sent.abort();
        reject(request.signal.reason);
      },
      { once: true },
    );
    sent.end(body);
  });
}

/** `session`: one session per partition, the default one being the partition '' (lib/browser/api/session.ts). */
export function fakeSessions() {
  const sessions = new Map<string, FakeSession>();
  const fromPartition = vi.fn((partition: string) => {
    requireReady('session');
    let found = sessions.get(partition);
    if (!found) {
      found = new FakeSession(partition);
      sessions.set(partition, found);
    }
    return found;
  });
  return {
    sessions,
    fromPartition,
    get defaultSession(): FakeSession {
      return fromPartition('');
    },
  };
}
