// The shape of a channel's handler, typed by the contract: what the channel's schema parsed in, what its output allows
// out. Types only, so the handler tables and the dispatcher share it without importing each other.
import type { ChannelInput, ChannelName, ChannelOutput } from '../../contract/ipc.ts';
import type { StationParts } from './parts.ts';

export type Handler<K extends ChannelName> = (
  input: ChannelInput<K>,
  parts: StationParts,
) => ChannelOutput<K> | Promise<ChannelOutput<K>>;

/** Exactly one handler per channel of the contract, under the channel's own name. */
export type HandlerTable = { readonly [K in ChannelName]: Handler<K> };
