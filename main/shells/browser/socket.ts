// The bridge over one WebSocket (the `ws` package; text messages only): a call is a message, its answer a message, so a
// call costs a frame each way instead of a whole HTTP exchange. The shell checks Host, Origin and session first.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';

/** Answers one text message with the text to send back, or null for none. */
export type SocketHandler = (text: string) => Promise<string | null>;

/** Refuses an upgrade with a plain HTTP status; nothing else is said. */
export function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404): void {
  const words = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${words}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface BridgeSockets {
  /** Completes the handshake (ws refuses one that is not a WebSocket's with a 400) and serves messages until closed. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * One message must fit the same limit as an HTTP call (ws closes with 1009 past it); a binary message closes the
 * socket (1003); a handler that fails closes it (1011). No compression: the page's messages are small.
 */
export function bridgeSockets(handle: SocketHandler, maxBytes: number): BridgeSockets {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxBytes, perMessageDeflate: false });
  return {
    accept(req, socket, head) {
      server.handleUpgrade(req, socket, head, (ws) => {
        ws.on('message', (data, isBinary) => {
          if (isBinary || !Buffer.isBuffer(data)) return ws.close(1003);
          void handle(data.toString('utf8')).then(
            (reply) => {
              if (reply !== null && ws.readyState === ws.OPEN) ws.send(reply);
            },
            () => ws.close(1011),
          );
        });
        ws.on('error', () => ws.terminate());
      });
    },
  };
}
