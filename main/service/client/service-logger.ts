// Where the service client and its drift log write: a leaf (types only) both import, so neither imports the other.
/** Receives method, path template, status, duration and attempt; never headers, bodies or tokens. */
export interface ServiceLogger {
  debug(message: string, fields: Record<string, unknown>): void;
  info(message: string, fields: Record<string, unknown>): void;
  warn(message: string, fields: Record<string, unknown>): void;
}
