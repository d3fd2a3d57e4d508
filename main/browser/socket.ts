// The bridge over one WebSocket (RFC 6455, text frames only): a call is a message, its answer a message, so a call
// costs a frame each way instead of a whole HTTP exchange. The shell checks Host, Origin and token before upgrading.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Answers one text message with the text to send back, or null for none. */
export type SocketHandler = (text: string) => Promise<string | null>;

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
  return Buffer.concat([head, payload]);
}

function bigLength(length: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(length));
  return out;
}

/** Refuses an upgrade with a plain HTTP status; nothing else is said. */
export function refuseUpgrade(socket: Socket, status: 400 | 401 | 403 | 404): void {
  const words = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${words}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Completes the handshake and serves messages until either side closes. Answers false when the request is not one. */
export function acceptSocket(req: IncomingMessage, socket: Socket, handle: SocketHandler, maxBytes: number): boolean {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || req.headers['sec-websocket-version'] !== '13') return false;
  const accept = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  socket.setNoDelay(true);
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  let buffer: Buffer = Buffer.alloc(0);
  let closed = false;
  const close = (code: number) => {
    if (closed) return;
    closed = true;
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    socket.end(frame(0x8, payload));
  };
  const send = (text: string) => {
    if (!closed && socket.writable) socket.write(frame(0x1, Buffer.from(text, 'utf8')));
  };

  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    while (!closed && buffer.length >= 2) {
      const fin = (buffer[0] as number) & 0x80;
      const opcode = (buffer[0] as number) & 0x0f;
      const masked = (buffer[1] as number) & 0x80;
      let length = (buffer[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        const big = buffer.readBigUInt64BE(2);
        if (big > BigInt(maxBytes)) return close(1009);
        length = Number(big);
        offset = 10;
      }
      // A client must mask; one message must fit the same limit as an HTTP call; fragments are not used by the page.
      if (!masked) return close(1002);
      if (length > maxBytes) return close(1009);
      if (buffer.length < offset + 4 + length) return;
      const mask = buffer.subarray(offset, offset + 4);
      const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      buffer = buffer.subarray(offset + 4 + length);
      if (opcode === 0x8) return close(1000);
      if (opcode === 0x9) {
        socket.write(frame(0xa, payload));
        continue;
      }
      if (opcode === 0xa) continue;
      if (!fin || opcode !== 0x1) return close(1003);
      void handle(payload.toString('utf8')).then(
        (reply) => {
          if (reply !== null) send(reply);
        },
        () => close(1011),
      );
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    closed = true;
  });
  return true;
}
