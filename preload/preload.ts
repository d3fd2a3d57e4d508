// The Electron preload (sandboxed, built to out/preload/preload.cjs): exposes `window.station` and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { buildStationApi } from './station-api.ts';

/**
 * Calls go out with ipcRenderer.invoke on the channel's own name; events come in on a channel named after the event
 * (main/shells/electron/ipc.ts sends them so). The page never gets ipcRenderer or the IPC event object, only the payload.
 */
const station = buildStationApi({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe(event, listener) {
    const relay: Parameters<typeof ipcRenderer.on>[1] = (_event, payload) => listener(payload);
    ipcRenderer.on(event, relay);
    return () => {
      ipcRenderer.removeListener(event, relay);
    };
  },
});

contextBridge.exposeInMainWorld('station', station);
