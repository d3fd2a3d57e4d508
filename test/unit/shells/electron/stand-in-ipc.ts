// The stand-in's app protocol and IPC, as Electron 45 does them:
// - `protocol.handle(scheme, handler)` keeps the handler (docs, api/protocol.md), and a window's `loadURL` of that
//   scheme gets its page from it; a scheme nobody handles fails the load with Chromium's error, which loadURL rejects
//   with as `${description} (${code}) loading '${url}'` (lib/browser/api/web-contents.ts, loadURL).
// - the frame's origin comes from how the scheme was registered (standard or not, stand-in-state.ts originOf).
// - IPC arguments and answers cross by the structured clone algorithm: "Sending Functions, Promises, Symbols,
//   WeakMaps, or WeakSets will throw an exception"; prototypes are dropped (docs, api/ipc-renderer.md, invoke).
import { Emitter } from './stand-in-state.ts';

/** A listener or handler as Electron calls it: with whatever arguments its event carries. */
type Listener = (...args: unknown[]) => unknown;
type SchemeHandler = (request: Request) => Promise<Response>;

/** What `protocol.handle` registered, by scheme; cleared by resetElectron. */
export const schemeHandlers = new Map<string, SchemeHandler>();

/** Chromium's load failures as loadURL rejects with them. */
export class LoadError extends Error {
  readonly code: number;
  readonly url: string;
  constructor(description: string, code: number, url: string) {
    super(`${description} (${code}) loading '${url.slice(0, 2048)}'`);
    this.code = code;
    this.url = url;
  }
}

/** Built into Chromium: loaded without a handler (what the stand-in needs: http(s) pages, about:blank, data:). */
const BUILT_IN = new Set(['http', 'https', 'about', 'data']);

/** The page `url` loads: the registered handler's answer for a custom scheme, else nothing to read. */
export async function fetchPage(url: string): Promise<{ status: number; contentType: string | null; body: string }> {
  const scheme = url.slice(0, Math.max(0, url.indexOf(':')));
  if (BUILT_IN.has(scheme)) return { status: 200, contentType: null, body: '' };
  const handler = schemeHandlers.get(scheme);
  if (!handler) throw new LoadError('ERR_UNKNOWN_URL_SCHEME', -302, url);
  let response: Response;
  try {
    response = await handler(new Request(url));
  } catch {
    throw new LoadError('ERR_FAILED', -2, url);
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

/** Electron's own words when a value cannot cross (V8's DataCloneError becomes this Error). */
export function cloneAcross<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    throw new Error('An object could not be cloned.');
  }
}

export function fakeIpc() {
  const handlers = new Map<string, Listener>();
  /** The page that calls from the renderer side: its webContents and main frame are the event's sender. */
  let page: { webContents: { mainFrame: unknown } } | null = null;
  const ipcMain = {
    handlers,
    handle: (channel: string, handler: Listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
    on: () => {},
  };
  const emitter = new Emitter();
  const ipcRenderer = {
    emitter,
    /** Arguments cloned on the way in, the answer on the way out; without a page bound, the cloned call echoes. */
    invoke: async (channel: string, ...args: unknown[]) => {
      const sent = cloneAcross(args);
      const handler = handlers.get(channel);
      if (!page || !handler) return { ok: true, value: { channel, input: sent[0] } };
      const event = { sender: page.webContents, senderFrame: page.webContents.mainFrame };
      return cloneAcross(await handler(event, ...sent));
    },
    on: (channel: string, listener: Listener) => emitter.on(channel, listener),
    removeListener: (channel: string, listener: Listener) => emitter.removeListener(channel, listener),
  };
  return {
    ipcMain,
    ipcRenderer,
    /** Makes `window` the page whose preload calls go out through ipcRenderer. */
    bindPage: (window: { webContents: { mainFrame: unknown } } | null) => {
      page = window;
    },
  };
}
