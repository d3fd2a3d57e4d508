// What the stand-in 'electron' shares between its parts: the platform a test runs "on", whether the app is ready, the
// schemes registered as standard. Every rule here copies Electron 45; the comment names where from.
import { EventEmitter } from 'node:events';

/** A listener or handler as Electron calls it: with whatever arguments its event carries. */
type Listener = (...args: unknown[]) => unknown;

/** An event emitter that also answers what is listening, so a test can fire an event the way Electron would. */
export class Emitter extends EventEmitter {
  fire(event: string, ...args: unknown[]): unknown[] {
    return this.listeners(event).map((listener) => (listener as Listener)(...args));
  }
}

/**
 * Where a test pretends to run. Linux splits by session type: on Wayland `ready-to-show` often never comes for a hidden
 * window (electron/electron#48859, Electron 38+) and the system idle time reads 0.
 */
export type StandInPlatform = 'linux-x11' | 'linux-wayland' | 'darwin' | 'win32';

export const state = {
  platform: 'linux-x11' as StandInPlatform,
  ready: false,
  /** Schemes registered with `privileges.standard` before ready (http, https are standard in Chromium itself). */
  standardSchemes: new Set<string>(['http', 'https', 'ws', 'wss']),
  /** The app's emitter, set by the stand-in's build (windows announce their contents on it). */
  app: null as Emitter | null,
};

const realPlatform = process.platform;

/** Sets `process.platform` (which Electron's own code and ours read) to match; `resetState` puts it back. */
export function setPlatform(platform: StandInPlatform): void {
  state.platform = platform;
  const node = platform.startsWith('linux') ? 'linux' : platform;
  Object.defineProperty(process, 'platform', { value: node, configurable: true, enumerable: true });
}

export function resetState(): void {
  state.ready = false;
  state.standardSchemes = new Set(['http', 'https', 'ws', 'wss']);
  state.platform = 'linux-x11';
  Object.defineProperty(process, 'platform', { value: realPlatform, configurable: true, enumerable: true });
}

export const isWayland = () => state.platform === 'linux-wayland';
export const isLinux = () => state.platform.startsWith('linux');

/**
 * Thrown where Electron refuses to work before `ready`. The messages are Electron's own:
 * - `new BrowserWindow` — "Cannot create BrowserWindow before app is ready" (shell/browser/api/electron_api_base_window.cc)
 * - `session.defaultSession` / `fromPartition`, hence `protocol.handle` and `net.fetch` too (lib/browser/api/protocol.ts
 *   and net.ts go through `session.defaultSession`) — "Session can only be received when app is ready"
 *   (shell/browser/api/electron_api_session.cc, FromPartition, a TypeError)
 * - `utilityProcess.fork` — "utilityProcess cannot be created before app is ready." (electron_api_utility_process.cc)
 * - `screen` — "The 'screen' module can't be used before the app 'ready' event" (lib/browser/api/screen.ts)
 */
export function requireReady(what: 'BrowserWindow' | 'session' | 'utilityProcess' | 'screen'): void {
  if (state.ready) return;
  if (what === 'screen') throw new Error("The 'screen' module can't be used before the app 'ready' event");
  if (what === 'BrowserWindow') throw new Error('Cannot create BrowserWindow before app is ready');
  if (what === 'session') throw new TypeError('Session can only be received when app is ready');
  throw new TypeError('utilityProcess cannot be created before app is ready.');
}

/**
 * Thrown where Electron refuses to work after `ready`:
 * - `protocol.registerSchemesAsPrivileged` — "protocol.registerSchemesAsPrivileged should be called before app is
 *   ready" (shell/browser/api/electron_api_protocol.cc)
 * - `app.enableSandbox` — "app.enableSandbox() can only be called before app is ready" (electron_api_app.cc)
 * - `app.disableHardwareAcceleration` — "app.disableHardwareAcceleration() can only be called before app is ready"
 *   (electron_api_app.cc, App::DisableHardwareAcceleration)
 */
export function requireNotReady(
  what: 'registerSchemesAsPrivileged' | 'enableSandbox' | 'disableHardwareAcceleration',
): void {
  if (!state.ready) return;
  if (what === 'enableSandbox') throw new Error('app.enableSandbox() can only be called before app is ready');
  if (what === 'disableHardwareAcceleration')
    throw new Error('app.disableHardwareAcceleration() can only be called before app is ready');
  throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
}

/**
 * A frame's origin as WebFrameMain reports it: scheme://host[:port] for a standard scheme, "null" for any other
 * ("Pages without a scheme/host/port triple origin will have the serialized origin of 'null'", docs,
 * api/web-frame-main.md; a custom scheme has such an origin only when registered `standard`, api/protocol.md).
 */
export function originOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'null';
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (!state.standardSchemes.has(scheme)) return 'null';
  return `${scheme}://${parsed.host}`;
}
