// The browser shell's HTTP server on 127.0.0.1: the built renderer with the bridge script, and the bridge endpoints,
// guarded by a random per-run token, a loopback Host and the shell's own Origin.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  BRIDGE_CHANNEL_NAME,
  BRIDGE_CODE_PARAM,
  BRIDGE_MAX_MESSAGE_BYTES,
  type BridgeSocketAnswer,
  type BridgeSocketCall,
  bridgePaths,
} from '../../../contract/ipc/bridge.ts';
import { type LoopbackRule, loopbackRefusal } from '../../../kits/loopback-http/guard.ts';
import { createLogger, type Logger } from '../../platform/log/logger.ts';
import type { Station } from '../../station/station.ts';
import { bridgeAnswerText, readBridgeMessage } from './bridge-json.ts';
import { createEventStreams, handleInvoke, refuse } from './bridge-routes.ts';
import { bridgeGuard } from './guard.ts';
import { NO_STORE, SECURITY_HEADERS } from './headers.ts';
import { createPageSessions, type PageSessions } from './page-session.ts';
import { bridgeSockets, refuseUpgrade } from './socket.ts';
import { DEFAULT_RENDERER_DIR, staticFile } from './static-files.ts';

const SPENT_ADDRESS =
  'Open the station with a new address from the browser shell (press Enter where it runs): each address opens it once.';

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
  /** The first address to open: `http://127.0.0.1:<port>/?code=<one-time code>` (page-session.ts). */
  url: string;
  /** Another one-time address, for another browser (the first one is spent once opened). */
  newAddress(): string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** The channel of `POST /bridge/invoke/<channel>`, or undefined for any other path. */
function invokedChannel(pathname: string): string | undefined {
  if (!pathname.startsWith(bridgePaths.invoke)) return undefined;
  const channel = pathname.slice(bridgePaths.invoke.length);
  return BRIDGE_CHANNEL_NAME.test(channel) ? channel : undefined;
}

const socketAnswer = (answer: BridgeSocketAnswer): string => JSON.stringify(answer);

/**
 * One call over the socket: `{ id, channel, input }` in, `{ id, result }` (an IpcResult) out; anything else is dropped.
 * A call nested too deep is answered with a refusal when its id can be read, and the answer is bounded like HTTP's.
 */
async function answerSocketCall(station: Station, text: string): Promise<string | null> {
  const message = readBridgeMessage(text);
  if (!message.ok) {
    const id = Number(/^\s*\{\s*"id"\s*:\s*(\d{1,15})\s*,/.exec(text)?.[1] ?? Number.NaN);
    const refusal = { ok: false as const, error: { code: 'invalid_input' as const, message: message.message } };
    return Number.isSafeInteger(id) ? socketAnswer({ id, result: refusal }) : null;
  }
  const { id, channel, input } = (message.value ?? {}) as Partial<Record<keyof BridgeSocketCall, unknown>>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof channel !== 'string' || !BRIDGE_CHANNEL_NAME.test(channel)) {
    return socketAnswer({ id, result: { ok: false, error: { code: 'unknown_channel', message: 'No such channel.' } } });
  }
  const result = bridgeAnswerText(channel, await station.invoke(channel, input));
  return `{"id":${id},"result":${result}}`;
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const log = options.log ?? createLogger({ scope: 'browser' });
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const streams = createEventStreams(options.station, log);
  // Known once the port is (0 picks one): until then no request can arrive.
  let guard: LoopbackRule = { hosts: new Set(), origins: new Set() };
  let pages: PageSessions | undefined;
  const sockets = new Set<Socket>();

  /**
   * `GET <path>?code=…`: a live code sets the page session and goes on to the same address without the code; a spent
   * one does so only for a page that already has the session (a reload).
   */
  function exchange(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const code = url.searchParams.get(BRIDGE_CODE_PARAM);
    url.searchParams.delete(BRIDGE_CODE_PARAM);
    const location = `${url.pathname}${url.search}`;
    const session = pages?.redeem(code) ? { 'Set-Cookie': pages.cookieHeader() } : pages?.holds(req) ? {} : null;
    if (!session) {
      refuse(res, 401, 'unauthorized', SPENT_ADDRESS);
      return;
    }
    res.writeHead(303, { ...SECURITY_HEADERS, ...NO_STORE, ...session, Location: location });
    res.end();
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
    if (url.searchParams.has(BRIDGE_CODE_PARAM) && req.method === 'GET') {
      return exchange(req, res, url);
    }
    if (url.pathname.startsWith('/bridge/')) {
      if (!pages?.holds(req)) return refuse(res, 401, 'unauthorized', SPENT_ADDRESS);
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
  const bridgeSocket = bridgeSockets((text) => answerSocketCall(options.station, text), BRIDGE_MAX_MESSAGE_BYTES);
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (loopbackRefusal(req.headers, guard) !== null) return refuseUpgrade(socket, 403);
    if (url.pathname !== bridgePaths.socket) return refuseUpgrade(socket, 404);
    if (!pages?.holds(req)) return refuseUpgrade(socket, 401);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    bridgeSocket.accept(req, socket, head);
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
  const sessions = createPageSessions(origin, port);
  pages = sessions;
  log.info('browser shell listening', { origin });

  return {
    url: sessions.newAddress(),
    newAddress: () => sessions.newAddress(),
    origin,
    port,
    async close() {
      streams.closeAll();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
