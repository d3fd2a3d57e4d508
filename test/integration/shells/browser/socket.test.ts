// The bridge socket: a call is one message each way, answered by id as the HTTP route answers it; the upgrade is
// refused without this run's page session, from another origin or on another path. Node's own WebSocket client is the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../../../contract/ipc/bridge.ts';
import { type ShellRig, send, startShellRig } from './harness.ts';

let rig: ShellRig;
beforeAll(async () => {
  rig = await startShellRig();
});
afterAll(async () => {
  await rig.close();
});

const socketUrl = () => `ws://127.0.0.1:${rig.port}/bridge/socket`;

/** A socket as the page opens it: the browser sends the page session's cookie with the upgrade. */
function connect(cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    // Node's WebSocket (undici) takes the headers a browser would send on its own.
    const socket = new WebSocket(socketUrl(), { headers: { cookie } } as never);
    socket.addEventListener('open', () => resolve(socket), { once: true });
    socket.addEventListener('error', () => reject(new Error('the socket was refused')), { once: true });
  });
}

function ask(socket: WebSocket, message: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true });
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

const upgrade = (path: string, headers: Record<string, string> = {}) =>
  send(rig.port, {
    path,
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...headers,
    },
  });

describe('the bridge socket', () => {
  it('answers calls by id, as IpcResults, the same as the HTTP route', async () => {
    const socket = await connect(rig.cookie);
    const info = await ask(socket, { id: 1, channel: 'app:info' });
    expect(info).toMatchObject({ id: 1, result: { ok: true, value: { shell: 'browser', training: true } } });
    const refused = await ask(socket, { id: 2, channel: 'orders:list' });
    expect(refused).toEqual({
      id: 2,
      result: { ok: false, error: { code: 'not_signed_in', message: 'Sign in first.' } },
    });
    const unknown = await ask(socket, { id: 3, channel: 'no such thing' });
    expect(unknown).toMatchObject({ id: 3, result: { ok: false, error: { code: 'unknown_channel' } } });
    socket.close();
  });

  it('refuses the upgrade without this run’s page session, from another origin, or on another path', async () => {
    await expect(connect('guess')).rejects.toThrow('refused');
    expect((await upgrade('/bridge/socket', { cookie: 'station-session-1=guess' })).status).toBe(401);
    const cookie = rig.cookie;
    expect((await upgrade('/bridge/socket', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await upgrade('/bridge/socket', { cookie, host: 'evil.example' })).status).toBe(403);
    expect((await upgrade('/elsewhere', { cookie })).status).toBe(404);
  });

  it('ignores a message that is not a call and keeps answering', async () => {
    const socket = await connect(rig.cookie);
    socket.send('not json');
    socket.send(JSON.stringify({ channel: 'app:info' }));
    expect(await ask(socket, { id: 7, channel: 'app:info' })).toMatchObject({ id: 7, result: { ok: true } });
    socket.close();
  });

  it('closes the socket on a message over the bridge limit (1009) or a binary one (1003), as an HTTP call is refused', async () => {
    const closedWith = (socket: WebSocket) =>
      new Promise<number>((resolve) =>
        socket.addEventListener('close', (event) => resolve(event.code), { once: true }),
      );
    const big = await connect(rig.cookie);
    const bigClosed = closedWith(big);
    big.send(JSON.stringify({ id: 1, channel: 'app:info', input: 'x'.repeat(BRIDGE_MAX_MESSAGE_BYTES) }));
    expect(await bigClosed).toBe(1009);
    const binary = await connect(rig.cookie);
    const binaryClosed = closedWith(binary);
    binary.send(new Uint8Array([1, 2, 3]));
    expect(await binaryClosed).toBe(1003);
  });

  it('refuses with 400 an upgrade that is not a WebSocket handshake', async () => {
    expect((await upgrade('/bridge/socket', { cookie: rig.cookie, 'sec-websocket-version': '99' })).status).toBe(400);
    expect((await upgrade('/bridge/socket', { cookie: rig.cookie, 'sec-websocket-key': '' })).status).toBe(400);
  });
});
