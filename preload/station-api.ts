// `window.station` itself: the channels of channel-calls.ts given a transport (the Electron preload's IPC or the browser
// shell's bridge), with `station.on` for exactly the contract's events, every object frozen.
import type { ChannelName, StationApi, StationEventName, StationEventPayload } from '../contract/ipc.ts';
import { type ChannelAnswer, channelCalls, stationEventNames } from './channel-calls.ts';

export interface StationTransport {
  /**
   * Sends one call on a channel and answers main's IpcResult, as the channel declares it: main's dispatcher made it
   * with the channel's output schema, and the IPC (or the bridge) carries it as data.
   */
  invoke<K extends ChannelName>(channel: K, input: unknown): Promise<ChannelAnswer<K>>;
  /** Listens to one event channel; answers the function that stops listening. The listener gets the payload only. */
  subscribe<E extends StationEventName>(event: E, listener: (payload: StationEventPayload<E>) => void): () => void;
}

/** The object and each of its domains frozen, so the page cannot add a channel. */
function frozen<T extends object>(api: T): Readonly<T> {
  for (const value of Object.values(api)) if (typeof value === 'object' && value !== null) Object.freeze(value);
  return Object.freeze(api);
}

/**
 * `station.<domain>.<verb>(input)` for exactly the contract's channels (`orders:get` → `station.orders.get`), and
 * `station.on(event, listener)` for exactly its events; any other event name throws. Every object is frozen.
 */
export function buildStationApi(transport: StationTransport): StationApi {
  const known = new Set<string>(stationEventNames);
  const calls = channelCalls((channel) => (input) => transport.invoke(channel, input));
  const api = {
    ...calls,
    on<E extends StationEventName>(event: E, listener: (payload: StationEventPayload<E>) => void): () => void {
      if (typeof event !== 'string' || !known.has(event))
        throw new Error(`station.on: no event named ${String(event)}`);
      if (typeof listener !== 'function') throw new Error('station.on: the listener must be a function');
      return transport.subscribe(event, (payload) => listener(payload));
    },
  } satisfies StationApi;
  return frozen(api);
}
