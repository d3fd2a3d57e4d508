// The browser shell's `window.station`: the contract's channels as `station.<domain>.<verb>(input)` POSTed to the
// loopback bridge, and `station.on(event, fn)` over one EventSource. Built for the browser by main/shells/browser at start.

import { z } from 'zod';
import { type BridgeInvokeBody, bridgePaths } from '../contract/ipc/bridge.ts';
import {
  type ChannelName,
  type IpcErrorCode,
  type IpcResult,
  ipcErrorCode,
  type StationApi,
  type StationEventName,
  type StationEventPayload,
} from '../contract/ipc.ts';
import { openSocketCalls, type SocketCalls } from './bridge-socket.ts';
import type { ChannelAnswer } from './channel-calls.ts';
import { buildStationApi } from './station-api.ts';

// The CSP forbids eval: zod must not try its compiled fast path (the attempt alone is a CSP violation report).
z.config({ jitless: true });

/**
 * Who the page is travels in the page session's cookie (HttpOnly: this script never sees it), set when the address the
 * shell printed was opened (main/shells/browser/page-session.ts); the browser sends it with every same-origin call, event
 * stream and socket. No token lives in this script, the page or its storage.
 */
export interface BridgeTransport {
  /** The shell's origin, e.g. `http://127.0.0.1:5173` ('' means the page's own). */
  base: string;
  fetch: typeof fetch;
  EventSource: typeof EventSource;
  /** The bridge socket (`ws://…/bridge/socket`, bridgePaths.socket): a call is one message each way; without it every call is HTTP. */
  socket?: { url: string; WebSocket: typeof WebSocket };
}

/** One listener's delivery of an event's data (the JSON main sent, as the event declares it). */
type Delivery = (data: string) => void;

/** How long a call waits for the event stream to connect before it goes anyway. */
const STREAM_OPEN_WAIT_MS = 3_000;

const failure = (code: IpcErrorCode, message: string) => ({ ok: false, error: { code, message } }) as const;

/**
 * Whether the bridge answered an IpcResult; its value is then what the channel declares (R): main's dispatcher made
 * it with the channel's output schema, as over Electron's IPC.
 */
function isIpcResult<R extends IpcResult<unknown>>(value: unknown): value is R {
  if (value === null || typeof value !== 'object') return false;
  const answer = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (answer.ok === true) return 'value' in answer;
  return answer.ok === false && typeof answer.error?.code === 'string' && typeof answer.error.message === 'string';
}

/** Answers like the Electron preload: every call resolves to an IpcResult, none throws. */
export function createBrowserStation(transport: BridgeTransport): StationApi {
  const sockets: SocketCalls | null = transport.socket
    ? openSocketCalls(transport.socket.url, transport.socket.WebSocket)
    : null;

  async function invoke<K extends ChannelName>(channel: K, input: unknown): Promise<ChannelAnswer<K>> {
    // Events caused by a call must not be lost because the stream was still connecting (Electron's IPC has no gap).
    if (streamReady) await streamReady;
    const overSocket = sockets?.invoke(channel, input);
    if (overSocket) return checked<K>(await overSocket);
    let response: Response;
    const body: BridgeInvokeBody = { input };
    try {
      response = await transport.fetch(`${transport.base}${bridgePaths.invoke}${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return failure('bridge_unreachable', 'The station is not answering; is the browser shell still running?');
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      const said =
        isIpcResult(answer) && !answer.ok ? answer.error.message : 'This page has no session with the station.';
      return failure('bridge_unauthorized', said);
    }
    if (!isIpcResult(answer)) {
      return failure('bridge_unreachable', `The station's bridge answered ${response.status} without a result.`);
    }
    return checked<K>(answer);
  }

  function checked<K extends ChannelName>(answer: unknown): ChannelAnswer<K> {
    if (!isIpcResult<ChannelAnswer<K>>(answer))
      return failure('bridge_unreachable', 'The station answered without a result.');
    // The shell's own refusals (a body too large, a wrong origin) keep their message under one code of the contract's.
    if (!answer.ok && !ipcErrorCode.safeParse(answer.error.code).success) {
      return failure('bridge_refused', answer.error.message);
    }
    return answer;
  }

  const listeners = new Map<string, Set<Delivery>>();
  let source: EventSource | null = null;
  let streamReady: Promise<void> | null = null;
  function openStream(): EventSource {
    const opened = new transport.EventSource(`${transport.base}${bridgePaths.events}`);
    streamReady = new Promise((resolve) => {
      const done = () => {
        streamReady = null;
        resolve();
      };
      opened.addEventListener('open', done, { once: true });
      opened.addEventListener('error', done, { once: true });
      setTimeout(done, STREAM_OPEN_WAIT_MS);
    });
    return opened;
  }

  /** One EventSource for the page, opened on the first listener; one handler per event name. */
  function subscribe<E extends StationEventName>(
    event: E,
    listener: (payload: StationEventPayload<E>) => void,
  ): () => void {
    const delivery: Delivery = (data) => {
      let payload: StationEventPayload<E>;
      try {
        payload = JSON.parse(data);
      } catch {
        return;
      }
      listener(payload);
    };
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
      source ??= openStream();
      source.addEventListener(event, (message) => {
        for (const each of listeners.get(event) ?? []) each((message as MessageEvent<string>).data);
      });
    }
    set.add(delivery);
    return () => {
      set.delete(delivery);
    };
  }

  // The same builder as the Electron preload: the page cannot tell the two shells apart.
  return buildStationApi({ invoke, subscribe });
}

/** In the page (not under Node): define window.station before the app's scripts run. */
if (typeof window !== 'undefined' && typeof document !== 'undefined' && !('station' in window)) {
  const station = createBrowserStation({
    base: '',
    fetch: window.fetch.bind(window),
    EventSource: window.EventSource,
    ...(typeof window.WebSocket === 'function'
      ? { socket: { url: `ws://${window.location.host}${bridgePaths.socket}`, WebSocket: window.WebSocket } }
      : {}),
  });
  Object.defineProperty(window, 'station', { value: station, enumerable: true, configurable: false, writable: false });
}
