// The preload exposes `window.station` with exactly the contract's channels and events, and nothing of Electron.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames } from '../../../contract/ipc.ts';
import { electron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

let station: any;
/** Taken at load: Vitest clears mock call records before each test. */
let exposeCalls: unknown[][] = [];

beforeAll(async () => {
  await import('../../../preload/preload.ts');
  station = electron.contextBridge.exposed.station;
  exposeCalls = [...electron.contextBridge.exposeInMainWorld.mock.calls];
});

/** Every `domain:verb` the exposed object offers as a function. */
function exposedChannels(api: Record<string, unknown>): string[] {
  return Object.entries(api)
    .filter(([key]) => key !== 'on')
    .flatMap(([domain, verbs]) => Object.keys(verbs as object).map((verb) => `${domain}:${verb}`))
    .sort();
}

describe('the preload bridge', () => {
  it('exposes one object, window.station, and nothing else', () => {
    expect(exposeCalls.map((call) => call[0])).toEqual(['station']);
    expect(Object.keys(electron.contextBridge.exposed)).toEqual(['station']);
  });

  it('offers exactly the contract’s channels as station.<domain>.<verb>', () => {
    expect(exposedChannels(station)).toEqual([...channelNames]);
    for (const channel of channelNames) {
      const [domain, verb] = channel.split(':') as [string, string];
      expect(typeof station[domain][verb], channel).toBe('function');
    }
  });

  it('offers no ipcRenderer, no generic invoke or send, no require', () => {
    for (const key of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'require', 'process', 'electron']) {
      expect(station[key], key).toBeUndefined();
    }
    expect(typeof station.on).toBe('function');
  });

  it('a call goes out as ipcRenderer.invoke on the channel’s own name with the input as given', async () => {
    const answer = await station.orders.get({ params: { id: 'o-1' } });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('orders:get', { params: { id: 'o-1' } });
    expect(answer).toEqual({ ok: true, value: { channel: 'orders:get', input: { params: { id: 'o-1' } } } });
    await station.session.state();
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('session:state', undefined);
  });

  it('the exposed objects cannot be given new channels', () => {
    expect(Object.isFrozen(station)).toBe(true);
    expect(Object.isFrozen(station.orders)).toBe(true);
  });

  it('listens to each contract event and hands the listener the payload only, never the IPC event', () => {
    for (const event of eventNames) {
      const listener = vi.fn();
      const stop = station.on(event, listener);
      electron.ipcRenderer.emitter.fire(event, { sender: 'ipc event object' }, { about: event });
      expect(listener).toHaveBeenCalledWith({ about: event });
      expect(listener.mock.calls[0]).toHaveLength(1);
      stop();
      electron.ipcRenderer.emitter.fire(event, {}, { again: true });
      expect(listener).toHaveBeenCalledTimes(1);
    }
  });

  it('throws for an event name not in the contract, or a listener that is not a function', () => {
    expect(() => station.on('tokens.changed', () => {})).toThrow(/no event named tokens.changed/);
    expect(() => station.on('ELECTRON_BROWSER_REQUIRE', () => {})).toThrow();
    expect(() => station.on('order.event', 'not a function')).toThrow(/function/);
  });
});
