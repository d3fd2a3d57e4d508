// The preload is built from the channels' names alone (preload/channel-calls.ts, so it bundles no schema): that list is
// the contract's, channel for channel and event for event, and each function calls its own channel.
import { describe, expect, it } from 'vitest';
import { channelNames, eventNames } from '../../../contract/ipc.ts';
import { channelCalls, stationEventNames } from '../../../preload/channel-calls.ts';
import { buildStationApi } from '../../../preload/station-api.ts';

describe("the preload's channel names", () => {
  it('are exactly the contract’s channels, each a call on its own name', () => {
    const named: string[] = [];
    const calls = channelCalls((channel) => {
      named.push(channel);
      return async () => ({ ok: true, value: channel }) as never;
    });
    expect([...named].sort()).toEqual([...channelNames]);
    const offered = Object.entries(calls).flatMap(([domain, verbs]) =>
      Object.keys(verbs).map((verb) => `${domain}:${verb}`),
    );
    expect(offered.sort()).toEqual([...channelNames]);
  });

  it('are exactly the contract’s events', () => {
    expect([...stationEventNames].sort()).toEqual([...eventNames]);
  });

  it('window.station sends each call on its channel with the input as given', async () => {
    const sent: Array<[string, unknown]> = [];
    const station = buildStationApi({
      invoke: async (channel, input) => {
        sent.push([channel, input]);
        return { ok: false, error: { code: 'offline', message: 'test' } };
      },
      subscribe: () => () => {},
    }) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    for (const channel of channelNames) {
      const [domain, verb] = channel.split(':') as [string, string];
      await station[domain]?.[verb]?.({ about: channel });
    }
    expect(sent).toEqual(channelNames.map((channel) => [channel, { about: channel }]));
  });
});
