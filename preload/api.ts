// Builds `window.station` from the contract's lists: one function per channel, `on` for the contract's events, nothing else.
import { channelNames, eventNames, type StationApi } from '../contract/ipc.ts';

export interface StationTransport {
  /** Sends one call on a channel and answers main's IpcResult. */
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Listens to one event channel; answers the function that stops listening. The listener gets the payload only. */
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * `station.<domain>.<verb>(input)` for exactly the contract's channels (`orders:get` → `station.orders.get`), and
 * `station.on(event, listener)` for exactly its events; any other event name throws. Every object is frozen, so the
 * page cannot add a channel.
 */
export function buildStationApi(transport: StationTransport): StationApi {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const channel of channelNames) {
    const [domain, verb] = channel.split(':') as [string, string];
    domains[domain] ??= {};
    domains[domain][verb] = (input?: unknown) => transport.invoke(channel, input);
  }
  const known = new Set(eventNames);
  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (typeof event !== 'string' || !known.has(event)) throw new Error(`station.on: no event named ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('station.on: the listener must be a function');
    return transport.subscribe(event, (payload) => listener(payload));
  };
  const api: Record<string, unknown> = { on };
  for (const [domain, verbs] of Object.entries(domains)) api[domain] = Object.freeze(verbs);
  return Object.freeze(api) as unknown as StationApi;
}
