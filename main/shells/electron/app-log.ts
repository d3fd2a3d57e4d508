// The desktop app's log: every JSON line to stderr and to a rotating file in the OS's log folder (app.getPath('logs')).
import { createLogger, type Logger } from '../../platform/log/logger.ts';
import { createRotatingFile } from '../../platform/log/rotating-file.ts';

export interface AppLog {
  log: Logger;
  /** The live log file, to tell a person where to look; null when no file could be made (the log is stderr only). */
  filePath: string | null;
}

export interface AppLogOptions {
  /**
   * The OS's log folder: `app.getPath('logs')` — `~/Library/Logs/<name>` on macOS, `<userData>/logs` on Linux and
   * Windows (Electron docs, api/app.md, `app.setAppLogsPath`; `getPath('logs')` creates that default when unset).
   */
  directory: () => string;
  /** Where each line also goes; stderr by default (a terminal start, or `journalctl` under a session manager). */
  stderr?: (line: string) => void;
}

/**
 * A packaged app started from the Start menu, Finder or a desktop launcher has no stderr anyone reads, so the log
 * must land in a file. A folder that cannot be made leaves the log on stderr and says so there.
 */
export function openAppLog(options: AppLogOptions): AppLog {
  const stderr = options.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));
  let file: ReturnType<typeof createRotatingFile> | null = null;
  let failure: string | null = null;
  try {
    file = createRotatingFile({ directory: options.directory(), name: 'station' });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const log = createLogger({
    scope: 'electron',
    write: (line) => {
      stderr(line);
      file?.write(line);
    },
  });
  if (file) log.info('log file', { path: file.path });
  else log.warn('no log file could be made; the log goes to stderr only', { error: failure });
  return { log, filePath: file?.path ?? null };
}
