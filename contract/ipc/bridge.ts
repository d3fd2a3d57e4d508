// The browser shell's bridge protocol: what the page's end (preload/browser-bridge.ts) and the shell (main/shells/browser/)
// both say over loopback HTTP, server-sent events and the socket. Names, limits and message shapes; no behaviour.
import { z } from 'zod';
import type { IpcResult } from './channel.ts';

/**
 * The query parameter of the address the shell prints or opens (`/?code=…`): a one-time code the shell exchanges for
 * the page's session (an HttpOnly, SameSite=Strict cookie the page's scripts never see), then void. Every bridge call,
 * event stream and socket is authorized by that cookie alone: no token is in the page, a URL or a command line.
 */
export const BRIDGE_CODE_PARAM = 'code';

export const bridgePaths = {
  /** `POST <invoke><channel>`, a `BridgeInvokeBody`, answered with the channel's IpcResult. */
  invoke: '/bridge/invoke/',
  /** `GET`: server-sent events, `event: <name>` / `data: <json payload>`. */
  events: '/bridge/events',
  /** WebSocket: `BridgeSocketCall` text frames in, `BridgeSocketAnswer` frames out. */
  socket: '/bridge/socket',
  /** The page's end of the bridge, compiled for the browser and served before the app's scripts. */
  script: '/browser-bridge.js',
} as const;

/** A channel name as the bridge passes it on (`domain:verb`); the station itself refuses names it does not have. */
export const BRIDGE_CHANNEL_NAME = /^[a-zA-Z]{1,40}:[a-zA-Z]{1,40}$/;

/** Channel inputs are small (forms, a page of risk-factor text); 1 MiB per call leaves room and stops a runaway page. */
export const BRIDGE_MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The most one answer may carry to the page: above the service client's default answer limit (32 MiB) with room for
 * what main adds; past it the page gets an `invalid_response` refusal naming the channel, never the answer.
 */
export const BRIDGE_MAX_ANSWER_BYTES = 48 * 1024 * 1024;

/** The body of an HTTP call: `{ "input": … }`, input left out for a channel without one; nothing else. */
export const bridgeInvokeBody = z.strictObject({ input: z.unknown().optional() });
export type BridgeInvokeBody = z.infer<typeof bridgeInvokeBody>;

/** One call over the socket; `id` (a safe integer) pairs it with its answer. */
export interface BridgeSocketCall {
  id: number;
  channel: string;
  input: unknown;
}

export interface BridgeSocketAnswer {
  id: number;
  result: IpcResult<unknown>;
}
