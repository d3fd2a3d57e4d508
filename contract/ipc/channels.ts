// Every channel the renderer may call, keyed by its literal name: the generated service ones and the workstation's own.
// The list of names is the preload allowlist; main's handler table has exactly these keys.
import type { z } from 'zod';
import type { AnyChannel } from './channel.ts';
import { serviceChannels } from './service-channels.ts';
import { stationChannels } from './station-channels.ts';

export const channels = { ...serviceChannels, ...stationChannels } as const satisfies Record<string, AnyChannel>;
export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<K extends ChannelName> = z.output<Channels[K]['input']>;
export type ChannelOutput<K extends ChannelName> = z.output<Channels[K]['output']>;

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export const channelNames: readonly ChannelName[] = Object.keys(channels).filter(isChannelName).sort();
