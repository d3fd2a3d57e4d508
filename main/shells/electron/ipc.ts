// IPC: one ipcMain.handle per contract channel, each refusing any sender but the app window's own main frame; events out.
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelNames, eventNames, type IpcResult } from '../../../contract/ipc.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { Station } from '../../station/station.ts';
import { APP_ORIGIN, isAppUrl } from './origin.ts';

export interface IpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  /** The station, once it has started (handlers wait for it, so the window may load first). */
  station: () => Promise<Pick<Station, 'invoke'>>;
  /** The app's window, or null while there is none. */
  window: () => BrowserWindow | null;
  log?: Logger;
  /** The log file's path, named in the answer when the station could not start. */
  logFile?: string | null;
}

const FORBIDDEN: IpcResult<never> = Object.freeze({
  ok: false,
  error: Object.freeze({ code: 'forbidden_sender', message: 'This request did not come from the station window.' }),
});

/**
 * Whether an IPC message comes from the main frame of the app's window while it shows the app's own page. A subframe,
 * another webContents, or a page that is not station://app/ (should navigation ever slip through) is refused. So is a
 * frame disposed while the call was on its way: reading its `url` or `origin` then throws "Render frame was disposed
 * before WebFrameMain could be accessed" (Electron, shell/browser/api/electron_api_web_frame_main.cc), which must
 * refuse the call, not fail it.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow | null): boolean {
  try {
    return senderIsTheAppWindow(event, window);
  } catch {
    return false;
  }
}

function senderIsTheAppWindow(event: IpcMainInvokeEvent, window: BrowserWindow | null): boolean {
  if (!window || window.isDestroyed()) return false;
  const contents = window.webContents;
  // By id: Electron hands out one wrapper per webContents, but an id comparison does not depend on that.
  if (event.sender !== contents && event.sender?.id !== contents.id) return false;
  const frame = event.senderFrame;
  const main = contents.mainFrame;
  if (!frame || frame.detached || frame.parent !== null) return false;
  if (frame !== main && frame.frameToken !== main.frameToken) return false;
  return frame.origin === APP_ORIGIN && isAppUrl(frame.url);
}

/**
 * Registers exactly one handler per channel of contract/ipc.ts and nothing else. Each checks the sender before
 * anything runs, then hands the input to the station, which validates it. Answers an unregister function.
 */
export function registerIpcHandlers(options: IpcOptions): () => void {
  for (const channel of channelNames) {
    options.ipcMain.handle(channel, async (event, input: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, options.window())) {
        options.log?.warn('ipc refused: foreign sender', { channel });
        return FORBIDDEN;
      }
      let station: Pick<Station, 'invoke'>;
      try {
        station = await options.station();
      } catch {
        const where = options.logFile ? ` The log is at ${options.logFile}.` : '';
        return {
          ok: false,
          error: { code: 'station_unavailable', message: `The station could not start; restart the app.${where}` },
        };
      }
      try {
        return await station.invoke(channel, input);
      } catch (error) {
        // The station answers failures as values; a throw is a bug, so it is logged and nothing of it crosses over.
        options.log?.error('ipc handler threw', { channel, error: error instanceof Error ? error.name : 'unknown' });
        return { ok: false, error: { code: 'internal', message: 'Something went wrong in the station; try again.' } };
      }
    });
  }
  return () => {
    for (const channel of channelNames) options.ipcMain.removeHandler(channel);
  };
}

/**
 * Sends each station event to the window's page on an IPC channel named after the event (`order.event`, …), which
 * is what preload listens on. Events not in the contract are dropped. Answers the unsubscribe.
 */
export function forwardStationEvents(
  station: Pick<Station, 'onEvent'>,
  window: () => BrowserWindow | null,
  log?: Logger,
): () => void {
  const known = new Set(eventNames);
  return station.onEvent((event, payload) => {
    if (!known.has(event)) {
      log?.warn('event not in the contract, not sent', { event });
      return;
    }
    const target = window();
    if (!target || target.isDestroyed() || target.webContents.isDestroyed()) return;
    target.webContents.send(event, payload);
  });
}
