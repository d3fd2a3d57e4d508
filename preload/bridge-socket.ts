// The page's end of the bridge socket: calls go as `{ id, channel, input }` messages and their answers come back by
// id. While the socket is not open (connecting, or the shell restarting) calls take the HTTP route instead.
import type { BridgeSocketAnswer, BridgeSocketCall } from '../contract/ipc/bridge.ts';
import type { IpcResult } from '../contract/ipc.ts';

export interface SocketCalls {
  /** The answer over the socket, or null when it is not open (the caller uses HTTP then). */
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>> | null;
}

/** How long after a close the page tries the socket again. */
const REOPEN_MS = 1_000;

export function openSocketCalls(url: string, Socket: typeof WebSocket): SocketCalls {
  let socket: WebSocket | null = null;
  let nextId = 1;
  const waiting = new Map<number, (result: IpcResult<unknown>) => void>();

  const open = () => {
    const opened = new Socket(url);
    socket = opened;
    opened.addEventListener('message', (event) => {
      let message: Partial<Record<keyof BridgeSocketAnswer, unknown>>;
      try {
        message = JSON.parse(String((event as MessageEvent).data));
      } catch {
        return;
      }
      const resolve = typeof message.id === 'number' ? waiting.get(message.id) : undefined;
      if (!resolve) return;
      waiting.delete(message.id as number);
      resolve(message.result as IpcResult<unknown>);
    });
    opened.addEventListener('close', () => {
      if (socket === opened) socket = null;
      // A call in flight when the socket went has no answer: said as the HTTP route says an unreachable shell.
      for (const [id, resolve] of waiting) {
        waiting.delete(id);
        resolve({
          ok: false,
          error: { code: 'bridge_unreachable', message: 'The station stopped answering during the call; try again.' },
        });
      }
      setTimeout(open, REOPEN_MS);
    });
  };
  open();

  return {
    invoke(channel, input) {
      if (!socket || socket.readyState !== Socket.OPEN) return null;
      const id = nextId++;
      const sent = socket;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        const call: BridgeSocketCall = { id, channel, input };
        sent.send(JSON.stringify(call));
      });
    },
  };
}
