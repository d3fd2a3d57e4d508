// The shape of a channel's handler as the dispatcher calls it: the contract's group type (contract/ipc/channel-group.ts)
// over the station's parts, which satisfy every group's narrow parts. Types only.
import type { ChannelGroup, ChannelHandler } from '../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../contract/ipc.ts';
import type { StationParts } from './parts.ts';

export type Handler<K extends ChannelName> = ChannelHandler<K, StationParts>;

/** Exactly one handler per channel of the contract, under the channel's own name. */
export type HandlerTable = ChannelGroup<ChannelName, StationParts>;
