// The Electron preload (sandboxed, built to out/preload/preload.cjs): exposes `window.station` and nothing else.
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { z } from 'zod';
import { buildStationApi } from './api.ts';

// The window's CSP forbids eval: zod must not try its compiled fast path.
z.config({ jitless: true });

/**
 * Calls go out with ipcRenderer.invoke on the channel's own name; events come in on a channel named after the event
 * (main/electron/ipc.ts sends them so). The page never gets ipcRenderer or the IPC event object, only the payload.
 */
const station = buildStationApi({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe(event, listener) {
    const relay = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, relay);
    return () => {
      ipcRenderer.removeListener(event, relay);
    };
  },
});

contextBridge.exposeInMainWorld('station', station);
