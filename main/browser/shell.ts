// The browser shell's HTTP server on 127.0.0.1: the built renderer with the bridge script, and the bridge endpoints,
// guarded by a random per-run token, a loopback Host and the shell's own Origin.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { TOKEN_HEADER } from '../../preload/browser-bridge.ts';
import { createLogger, type Logger } from '../log/logger.ts';
import type { Station } from '../station/station.ts';
import { createEventStreams, handleInvoke, MAX_INVOKE_BYTES, refuse } from './bridge-routes.ts';
import { allowedHosts, hostAllowed, newBridgeToken, originAllowed, ownOrigins, tokenMatches } from './guard.ts';
import { NO_STORE, SECURITY_HEADERS } from './headers.ts';
import { acceptSocket, refuseUpgrade } from './socket.ts';
import { BRIDGE_SCRIPT_PATH, DEFAULT_RENDERER_DIR, staticFile } from './static-files.ts';

export interface BrowserShellOptions {
  station: Station;
  /** The compiled preload/browser-bridge.ts (buildBridgeScript()). */
  bridgeScript: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  log?: Logger;
}

export interface BrowserShell {
  /** The address to open: `http://127.0.0.1:<port>/#token=<token>` (the fragment never reaches a server or a log). */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const CHANNEL_PATH = /^\/bridge\/invoke\/([a-zA-Z]{1,40}:[a-zA-Z]{1,40})$/;
const CHANNEL_NAME = /^[a-zA-Z]{1,40}:[a-zA-Z]{1,40}$/;

/** One call over the socket: `{ id, channel, input }` in, `{ id, result }` (an IpcResult) out; anything else is dropped. */
async function answerSocketCall(station: Station, text: string): Promise<string | null> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  const { id, channel, input } = (message ?? {}) as { id?: unknown; channel?: unknown; input?: unknown };
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
    return JSON.stringify({
      id,
      result: { ok: false, error: { code: 'unknown_channel', message: 'No such channel.' } },
    });
  }
  return JSON.stringify({ id, result: await station.invoke(channel, input) });
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const log = options.log ?? createLogger({ scope: 'browser' });
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const token = newBridgeToken();
  const streams = createEventStreams(options.station, log);
  let hosts: ReadonlySet<string> = new Set();
  let origins: ReadonlySet<string> = new Set();
  const sockets = new Set<Socket>();

  function presentedToken(req: IncomingMessage, url: URL): string | null {
    const header = req.headers[TOKEN_HEADER];
    if (typeof header === 'string') return header;
    return url.searchParams.get('token');
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, hosts)) {
      return refuse(res, 403, 'forbidden_host', 'The browser shell answers only on its loopback address.');
    }
    if (!originAllowed(req.headers.origin, origins)) {
      return refuse(res, 403, 'forbidden_origin', 'Only the station’s own page may call the bridge.');
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/bridge/')) {
      // The query may carry the token (EventSource cannot send headers); it is never logged.
      if (!tokenMatches(presentedToken(req, url), token)) {
        return refuse(res, 401, 'unauthorized', 'Open the station with the address the browser shell printed.');
      }
      const channel = CHANNEL_PATH.exec(url.pathname)?.[1];
      if (channel !== undefined) {
        if (req.method !== 'POST') return refuse(res, 405, 'method_not_allowed', 'Calls are POST requests.');
        return handleInvoke(req, res, channel, options.station);
      }
      if (url.pathname === '/bridge/events') {
        if (req.method !== 'GET') return refuse(res, 405, 'method_not_allowed', 'Events are read with GET.');
        return streams.handle(req, res);
      }
      return refuse(res, 404, 'unknown_channel', 'The bridge has no such endpoint.');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return refuse(res, 405, 'method_not_allowed', 'Pages are read with GET.');
    }
    const file =
      url.pathname === BRIDGE_SCRIPT_PATH
        ? { body: options.bridgeScript, type: 'text/javascript; charset=utf-8' }
        : await staticFile(rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not_found', 'No such file.');
    const html = file.type.startsWith('text/html');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      ...(html || url.pathname === BRIDGE_SCRIPT_PATH ? NO_STORE : {}),
      'Content-Type': file.type,
      'Content-Length': Buffer.byteLength(file.body),
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log.error('the browser shell failed a request', {
        error: error instanceof Error ? error.message : String(error),
      });
      if (!res.headersSent) refuse(res, 500, 'internal', 'The browser shell failed; the log has the details.');
      else res.destroy();
    });
  });
  // The bridge's socket: the same guards as its HTTP endpoints (loopback Host, own Origin, the run's token).
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!hostAllowed(req.headers.host, hosts) || !originAllowed(req.headers.origin, origins)) {
      return refuseUpgrade(socket, 403);
    }
    if (url.pathname !== '/bridge/socket') return refuseUpgrade(socket, 404);
    if (!tokenMatches(url.searchParams.get('token'), token)) return refuseUpgrade(socket, 401);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (!acceptSocket(req, socket, (text) => answerSocketCall(options.station, text), MAX_INVOKE_BYTES)) {
      refuseUpgrade(socket, 400);
    }
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  origins = ownOrigins(port);
  const origin = `http://127.0.0.1:${port}`;
  log.info('browser shell listening', { origin });

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    async close() {
      streams.closeAll();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
