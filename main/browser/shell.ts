// The browser shell's HTTP server on 127.0.0.1: the built renderer with the bridge script, and the bridge endpoints,
// guarded by a random per-run token, a loopback Host and the shell's own Origin.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  BRIDGE_CHANNEL_NAME,
  BRIDGE_MAX_MESSAGE_BYTES,
  BRIDGE_TOKEN_HEADER,
  BRIDGE_TOKEN_PARAM,
  type BridgeSocketAnswer,
  type BridgeSocketCall,
  bridgePaths,
} from '../../contract/bridge.ts';
import { type LoopbackRule, loopbackRefusal } from '../kit/loopback-http/guard.ts';
import { secretMatches } from '../kit/loopback-http/secret.ts';
import { createLogger, type Logger } from '../log/logger.ts';
import type { Station } from '../station/station.ts';
import { createEventStreams, handleInvoke, refuse } from './bridge-routes.ts';
import { bridgeGuard, newBridgeToken } from './guard.ts';
import { NO_STORE, SECURITY_HEADERS } from './headers.ts';
import { acceptSocket, refuseUpgrade } from './socket.ts';
import { DEFAULT_RENDERER_DIR, staticFile } from './static-files.ts';

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

/** The channel of `POST /bridge/invoke/<channel>`, or undefined for any other path. */
function invokedChannel(pathname: string): string | undefined {
  if (!pathname.startsWith(bridgePaths.invoke)) return undefined;
  const channel = pathname.slice(bridgePaths.invoke.length);
  return BRIDGE_CHANNEL_NAME.test(channel) ? channel : undefined;
}

const socketAnswer = (answer: BridgeSocketAnswer): string => JSON.stringify(answer);

/** One call over the socket: `{ id, channel, input }` in, `{ id, result }` (an IpcResult) out; anything else is dropped. */
async function answerSocketCall(station: Station, text: string): Promise<string | null> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  const { id, channel, input } = (message ?? {}) as Partial<Record<keyof BridgeSocketCall, unknown>>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof channel !== 'string' || !BRIDGE_CHANNEL_NAME.test(channel)) {
    return socketAnswer({ id, result: { ok: false, error: { code: 'unknown_channel', message: 'No such channel.' } } });
  }
  return socketAnswer({ id, result: await station.invoke(channel, input) });
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const log = options.log ?? createLogger({ scope: 'browser' });
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const token = newBridgeToken();
  const streams = createEventStreams(options.station, log);
  // Known once the port is (0 picks one): until then no request can arrive.
  let guard: LoopbackRule = { hosts: new Set(), origins: new Set() };
  const sockets = new Set<Socket>();

  function presentedToken(req: IncomingMessage, url: URL): string | null {
    const header = req.headers[BRIDGE_TOKEN_HEADER];
    if (typeof header === 'string') return header;
    return url.searchParams.get(BRIDGE_TOKEN_PARAM);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const stranger = loopbackRefusal(req.headers, guard);
    if (stranger === 'host') {
      return refuse(res, 403, 'forbidden_host', 'The browser shell answers only on its loopback address.');
    }
    if (stranger === 'origin') {
      return refuse(res, 403, 'forbidden_origin', 'Only the station’s own page may call the bridge.');
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/bridge/')) {
      // The query may carry the token (EventSource cannot send headers); it is never logged.
      if (!secretMatches(presentedToken(req, url), token)) {
        return refuse(res, 401, 'unauthorized', 'Open the station with the address the browser shell printed.');
      }
      const channel = invokedChannel(url.pathname);
      if (channel !== undefined) {
        if (req.method !== 'POST') return refuse(res, 405, 'method_not_allowed', 'Calls are POST requests.');
        return handleInvoke(req, res, channel, options.station);
      }
      if (url.pathname === bridgePaths.events) {
        if (req.method !== 'GET') return refuse(res, 405, 'method_not_allowed', 'Events are read with GET.');
        return streams.handle(req, res);
      }
      return refuse(res, 404, 'unknown_channel', 'The bridge has no such endpoint.');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return refuse(res, 405, 'method_not_allowed', 'Pages are read with GET.');
    }
    const file =
      url.pathname === bridgePaths.script
        ? { body: options.bridgeScript, type: 'text/javascript; charset=utf-8' }
        : await staticFile(rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not_found', 'No such file.');
    const html = file.type.startsWith('text/html');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      ...(html || url.pathname === bridgePaths.script ? NO_STORE : {}),
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
    if (loopbackRefusal(req.headers, guard) !== null) return refuseUpgrade(socket, 403);
    if (url.pathname !== bridgePaths.socket) return refuseUpgrade(socket, 404);
    if (!secretMatches(url.searchParams.get(BRIDGE_TOKEN_PARAM), token)) return refuseUpgrade(socket, 401);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (!acceptSocket(req, socket, (text) => answerSocketCall(options.station, text), BRIDGE_MAX_MESSAGE_BYTES)) {
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
  guard = bridgeGuard(port);
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
