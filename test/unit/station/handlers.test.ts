// The handler table: exactly one handler per channel of the contract, under the channel's name, and each service
// channel's handler calls the operation that channel carries (the type says so; this holds it at run time too).
import { describe, expect, it } from 'vitest';
import { channelNames, serviceChannels, stationChannels } from '../../../contract/ipc.ts';
import { serviceHandlers } from '../../../main/service/calls/service-handlers.ts';
import { handlers } from '../../../main/station/station.ts';

describe('the handler table', () => {
  it('has a handler for every channel and for nothing else', () => {
    expect(Object.keys(handlers).sort()).toEqual([...channelNames]);
    for (const name of channelNames) expect([name, typeof handlers[name]]).toEqual([name, 'function']);
  });

  it('serves each service channel with its own operation', () => {
    expect(Object.keys(serviceHandlers).sort()).toEqual(Object.keys(serviceChannels).sort());
    for (const [name, handler] of Object.entries(serviceHandlers)) {
      expect([name, handler.operation]).toEqual([
        name,
        serviceChannels[name as keyof typeof serviceChannels].operation,
      ]);
    }
  });

  it('serves the station’s own channels with their own code, never a service call', () => {
    for (const name of Object.keys(stationChannels)) expect(Object.hasOwn(serviceHandlers, name)).toBe(false);
  });
});
