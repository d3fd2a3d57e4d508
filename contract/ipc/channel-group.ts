// The code that serves a group of channels, typed by the contract: each handler takes what its channel's schema parsed
// and the narrow parts its group declares, and answers what the channel's output allows. Main's rooms declare their
// groups with it; the dispatcher's table (main/station/station.ts) joins them, the station's parts satisfying each.
import type { ChannelInput, ChannelName, ChannelOutput } from './channels.ts';

export type ChannelHandler<K extends ChannelName, Parts> = (
  input: ChannelInput<K>,
  parts: Parts,
) => ChannelOutput<K> | Promise<ChannelOutput<K>>;

/** One handler per channel of `K`, under the channel's own name, each receiving only `Parts`. */
export type ChannelGroup<K extends ChannelName, Parts> = { readonly [N in K]: ChannelHandler<N, Parts> };
