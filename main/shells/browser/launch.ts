// The browser shell put together: the station (shell 'browser') in a data folder, the bridge script, the HTTP server.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type Logger } from '../../platform/log/logger.ts';
import { createStation, type Station, type StationOptions } from '../../station/station.ts';
import { buildBridgeScript } from './bridge-script.ts';
import { type BrowserShell, startBrowserShell } from './shell.ts';

/** $STATION_DATA_DIR, else ~/.local/share/fulfillment-station. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.STATION_DATA_DIR || join(homedir(), '.local', 'share', 'fulfillment-station');
}

export interface LaunchOptions extends Partial<Omit<StationOptions, 'shell'>> {
  dataDir: string;
  version: string;
  /** The shell's port; 0 picks a free one. */
  port?: number;
  rendererDir?: string;
  /** The compiled bridge (out/bridge/browser-bridge.js) when the caller built it; built in memory when absent. */
  bridgeScript?: string;
  log?: Logger;
}

export interface LaunchedShell {
  station: Station;
  shell: BrowserShell;
  close(): Promise<void>;
}

export async function launchBrowserShell(options: LaunchOptions): Promise<LaunchedShell> {
  const log = options.log ?? createLogger({ scope: 'station' });
  const { port, rendererDir, bridgeScript: built, ...stationOptions } = options;
  const [station, bridgeScript] = await Promise.all([
    createStation({ ...stationOptions, shell: 'browser', log }),
    built ?? buildBridgeScript(),
  ]);
  let shell: BrowserShell;
  try {
    shell = await startBrowserShell({
      station,
      bridgeScript,
      port: port ?? 0,
      log: log.child('browser'),
      ...(rendererDir !== undefined ? { rendererDir } : {}),
    });
  } catch (error) {
    await station.close();
    throw error;
  }
  return {
    station,
    shell,
    async close() {
      await shell.close();
      await station.close();
    },
  };
}
