// The BUILT preload (out/preload/preload.cjs) run the way a sandboxed renderer runs it: one classic script in a
// context with only web globals, wrapped as Electron wraps it, with a `require` that knows only what Electron's does.
import { EventEmitter } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as timers from 'node:timers';
import * as url from 'node:url';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames } from '../../../../../contract/ipc.ts';
import { electron, resetElectron } from '../stand-in.ts';
import { buildElectronApp, importedModules } from './build.ts';

/**
 * What a sandboxed preload can `require`: "electron (following renderer process modules: contextBridge,
 * crashReporter, ipcRenderer, nativeImage, webFrame, webUtils), events, timers, url" (docs, tutorial/sandbox.md);
 * anything else throws `module not found: <name>` (lib/sandboxed_renderer/preload.ts, preloadRequire).
 */
function preloadRequire(name: string): unknown {
  const renderer = { contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer };
  const modules: Record<string, unknown> = { electron: renderer, events: EventEmitter, timers, url };
  if (name in modules) return modules[name];
  throw new Error(`module not found: ${name}`);
}

/** A browser window's globals, and nothing of Node: no require, module, process or Buffer in the global scope. */
function webGlobals(): vm.Context {
  const context = vm.createContext({
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    structuredClone,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    atob,
    btoa,
    crypto,
    performance,
  });
  vm.runInContext('globalThis.window = globalThis; globalThis.self = globalThis;', context);
  return context;
}

let source = '';
let context: vm.Context;
/** What the preload exposed as window.station (the tests read it by names known only at run time, and call it as a
 * page might, right or wrong: unchecked). */
let station: Record<string, Record<string, (...args: unknown[]) => unknown> | undefined> & {
  on(event: string, listener: unknown): () => void;
};
let exposeCalls: unknown[][] = [];
let loadError: unknown = null;
let appDir = '';

beforeAll(() => {
  const built = buildElectronApp();
  appDir = built.appDir;
  const { outDir } = built;
  source = readFileSync(join(outDir, 'preload', 'preload.cjs'), 'utf8');
  resetElectron();
  context = webGlobals();
  // The wrapper Electron compiles around a sandboxed preload (lib/sandboxed_renderer/preload.ts, runPreloadScript):
  // require, process, exports, module, then the exposed globals Buffer, global, setImmediate, clearImmediate.
  const wrapped = vm.runInContext(
    `(function (require, process, exports, module, Buffer, global, setImmediate, clearImmediate) {\n${source}\n})`,
    context,
    { filename: 'preload.cjs' },
  ) as (...args: unknown[]) => void;
  const exports = {};
  const preloadProcess = Object.assign(new EventEmitter(), { platform: process.platform, type: 'renderer', env: {} });
  try {
    wrapped(preloadRequire, preloadProcess, exports, { exports }, Buffer, context, setImmediate, clearImmediate);
  } catch (error) {
    loadError = error;
  }
  station = electron.contextBridge.exposed.station as typeof station;
  exposeCalls = [...electron.contextBridge.exposeInMainWorld.mock.calls];
}, 120_000);

afterAll(() => rmSync(appDir, { recursive: true, force: true }));

/** Every `domain:verb` the exposed object offers as a function. */
function exposedChannels(api: Record<string, unknown>): string[] {
  return Object.entries(api)
    .filter(([key]) => key !== 'on')
    .flatMap(([domain, verbs]) => Object.keys(verbs as object).map((verb) => `${domain}:${verb}`))
    .sort();
}

describe('the built preload in a sandboxed renderer', () => {
  it('is one script that requires nothing but electron', () => {
    expect(importedModules(source)).toEqual(['electron']);
  });

  it('is built from the channel names alone: at most 50 KB, no zod in it', () => {
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(50 * 1024);
    expect(source).not.toMatch(/\bZodObject\b|\bsafeParse\b/);
  });

  it('loads without error where there is no Node', () => {
    expect(loadError).toBeNull();
  });

  it('exposes one object, window.station, through the context bridge and nothing on its own window', () => {
    expect(exposeCalls.map((call) => call[0])).toEqual(['station']);
    expect(Object.keys(electron.contextBridge.exposed)).toEqual(['station']);
    expect(vm.runInContext('typeof window.station', context)).toBe('undefined');
  });

  it('offers exactly the contract’s channels as station.<domain>.<verb>', () => {
    expect(exposedChannels(station)).toEqual([...channelNames]);
    for (const channel of channelNames) {
      const [domain, verb] = channel.split(':') as [string, string];
      expect(typeof station[domain]![verb], channel).toBe('function');
    }
  });

  it('offers no ipcRenderer, no generic invoke or send, no require', () => {
    for (const key of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'require', 'process', 'electron']) {
      expect(station[key], key).toBeUndefined();
    }
    expect(typeof station.on).toBe('function');
  });

  it('a call goes out as ipcRenderer.invoke on the channel’s own name with the input as given', async () => {
    const answer = await station.orders!.get!({ params: { id: 'o-1' } });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('orders:get', { params: { id: 'o-1' } });
    expect(answer).toEqual({ ok: true, value: { channel: 'orders:get', input: { params: { id: 'o-1' } } } });
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
