// Watches the page's bridge calls so a benchmark can wait until the station is quiet: the panels an order view loads
// after it paints must not spill into the next measured scan. A call goes over the bridge socket (`{ id, channel }`
// out, `{ id, result }` back on /bridge/socket) or, while the socket is not open, as POST /bridge/invoke/<channel>.
import type { Page, Request, WebSocket } from '@playwright/test';

export interface BridgeWatch {
  /** Resolves once no bridge call has been in flight for `quietMs`; gives up after `timeoutMs` (a poller never stops). */
  idle(quietMs?: number, timeoutMs?: number): Promise<boolean>;
  /** The channels called since the last `calls()` (socket and HTTP alike), in the order they were sent. */
  calls(): string[];
}

export function watchBridge(page: Page): BridgeWatch {
  const inFlight = new Set<Request | string>();
  let sent: string[] = [];
  let lastChange = performance.now();
  const isCall = (request: Request) => request.url().includes('/bridge/invoke/');
  page.on('request', (request) => {
    if (!isCall(request)) return;
    inFlight.add(request);
    sent.push(request.url().split('/bridge/invoke/')[1] ?? '?');
    lastChange = performance.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  const idOf = (payload: string | Buffer): { id: string; channel?: string } | null => {
    try {
      const message = JSON.parse(String(payload)) as { id?: unknown; channel?: unknown };
      if (typeof message.id !== 'number') return null;
      return {
        id: `socket:${message.id}`,
        ...(typeof message.channel === 'string' ? { channel: message.channel } : {}),
      };
    } catch {
      return null;
    }
  };
  page.on('websocket', (socket: WebSocket) => {
    if (!socket.url().includes('/bridge/socket')) return;
    const open = new Set<string>();
    socket.on('framesent', ({ payload }) => {
      const call = idOf(payload);
      if (!call) return;
      open.add(call.id);
      inFlight.add(call.id);
      sent.push(call.channel ?? '?');
      lastChange = performance.now();
    });
    socket.on('framereceived', ({ payload }) => {
      const call = idOf(payload);
      if (!call || !open.delete(call.id)) return;
      inFlight.delete(call.id);
      lastChange = performance.now();
    });
    // A closed socket answers nothing more (the page resolves its calls as failed).
    socket.on('close', () => {
      for (const id of open) inFlight.delete(id);
      open.clear();
      lastChange = performance.now();
    });
  });
  return {
    async idle(quietMs = 50, timeoutMs = 10_000) {
      const started = performance.now();
      while (inFlight.size > 0 || performance.now() - lastChange < quietMs) {
        if (performance.now() - started > timeoutMs) return false;
        await new Promise((done) => setTimeout(done, 10));
      }
      return true;
    },
    calls() {
      const out = sent;
      sent = [];
      return out;
    },
  };
}
