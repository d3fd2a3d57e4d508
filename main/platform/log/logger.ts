// The main process's log: one JSON line per entry on stderr, with anything secret-shaped redacted before it is written.
import { redactValue } from './redact.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  scope: string;
  level?: LogLevel;
  /** Where lines go; stderr by default. Tests pass a collector to assert that nothing secret is logged. */
  write?: (line: string) => void;
  /** Exact secret values to redact as well (the current tokens), read at each write. */
  secrets?: () => readonly string[];
}

const toStderr = (line: string) => {
  process.stderr.write(`${line}\n`);
};
let defaultWrite: (line: string) => void = toStderr;

/**
 * Where loggers made without `write` send their lines from now on (a shell started from a terminal passes the log
 * file's sink, so the terminal shows human lines only); `undefined` puts stderr back.
 */
export function setDefaultLogWrite(write: ((line: string) => void) | undefined): void {
  defaultWrite = write ?? toStderr;
}

export function createLogger(options: LoggerOptions): Logger {
  const min = order[options.level ?? (process.env.STATION_LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? order.info;
  const write = options.write ?? ((line: string) => defaultWrite(line));
  const log =
    (level: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}): void => {
      if (order[level] < min) return;
      const secrets = options.secrets?.() ?? [];
      const entry = redactValue(
        { at: new Date().toISOString(), level, scope: options.scope, message, ...fields },
        secrets,
      );
      write(JSON.stringify(entry));
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (scope) => createLogger({ ...options, scope: `${options.scope}.${scope}` }),
  };
}
