// The log file: JSON lines appended to `<directory>/<name>.log`, rolled to `.1`, `.2`… when it passes `maxBytes`.
// Packaged apps started from a menu have no stderr anyone reads, so the structured log must land in a file (0600).
import { appendFileSync, chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface RotatingFileOptions {
  directory: string;
  /** File name without `.log`; default `station`. */
  name?: string;
  /** Roll over once the file passes this size; default 5 MiB. */
  maxBytes?: number;
  /** How many rolled files to keep beside the live one; default 4. */
  keep?: number;
}

export interface RotatingFile {
  /** The live file's path, to print once so a person knows where to look. */
  readonly path: string;
  /** Appends one line (a newline is added). Never throws: a full disk must not take the station down. */
  write(line: string): void;
}

export function createRotatingFile(options: RotatingFileOptions): RotatingFile {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = Math.max(1, options.keep ?? 4);
  const base = join(options.directory, `${options.name ?? 'station'}.log`);
  mkdirSync(options.directory, { recursive: true, mode: 0o700 });
  let size = existsSync(base) ? statSync(base).size : 0;

  const roll = (): void => {
    rmSync(`${base}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) if (existsSync(`${base}.${i}`)) renameSync(`${base}.${i}`, `${base}.${i + 1}`);
    if (existsSync(base)) renameSync(base, `${base}.1`);
    size = 0;
  };

  return {
    path: base,
    write(line: string): void {
      try {
        const text = `${line}\n`;
        const bytes = Buffer.byteLength(text);
        if (size > 0 && size + bytes > maxBytes) roll();
        const fresh = size === 0 && !existsSync(base);
        appendFileSync(base, text, { mode: 0o600 });
        if (fresh) chmodSync(base, 0o600);
        size += bytes;
      } catch {
        // Logging is best effort; the station keeps working when the disk does not.
      }
    },
  };
}
