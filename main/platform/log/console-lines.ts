// What a person at the terminal reads while the station runs: short human lines (listening, signed in, offline, errors),
// while the JSON log goes to the rotating file. Only fixed words, a role and a port: never a name, email, code or token.
import { z } from 'zod';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import type { RotatingFile } from './rotating-file.ts';

/** A line of the JSON log: an object whose level, message and port are looked at (each checked where used). */
const logEntry = z.looseObject({
  level: z.unknown().optional(),
  message: z.unknown().optional(),
  port: z.unknown().optional(),
});

/** The log's sink for a shell started from a terminal: every line to the file, an error also as one human line. */
export function fileAndConsoleSink(file: RotatingFile, print: (line: string) => void): (line: string) => void {
  return (line) => {
    file.write(line);
    const human = humanLineOfLog(line);
    if (human) print(human);
  };
}

const portOf = (entry: { port?: unknown }) => (Number.isInteger(entry.port) ? String(entry.port) : '?');

/** The few ordinary entries a person at the terminal wants to see, in words (only a port is taken from the fields). */
const shown: Record<string, (entry: { port?: unknown }) => string> = {
  'training service started': () => 'training service started (demo data on this computer)',
  'webhook listener started': (entry) => `listening for the service's events on port ${portOf(entry)}`,
  'webhook listener could not start': (entry) =>
    `the event listener could not start on port ${portOf(entry)}; changes are polled every minute instead`,
};

/** An error entry of the JSON log as `error: <message>`, a few ordinary ones in words; the rest stays in the file. */
export function humanLineOfLog(line: string): string | null {
  let entry: z.infer<typeof logEntry>;
  try {
    entry = parseStoredJson(logEntry, line, 'a log line');
  } catch {
    return null;
  }
  if (typeof entry.message === 'string' && shown[entry.message])
    return (shown[entry.message] as (e: typeof entry) => string)(entry);
  if (entry.level !== 'error' || typeof entry.message !== 'string') return null;
  // The message is a fixed sentence written by the code; the fields (which may name a URL or a reason) stay in the file.
  return `error: ${entry.message} (details in the log file)`;
}

interface SessionChange {
  state?: { status?: unknown; role?: unknown };
  reason?: unknown;
}
interface ConnectivityChange {
  online?: unknown;
  listener?: { state?: unknown };
}

const sessionWords: Record<string, (role: string) => string> = {
  signed_in: (role) => `signed in (${role})`,
  restored: (role) => `signed in again from the keychain (${role})`,
  signed_out: () => 'signed out',
  refresh_refused: () => 'signed out: the service no longer accepts this sign-in',
  locked: () => 'locked (idle)',
  unlocked: (role) => `unlocked (${role})`,
};

/**
 * One human line for a station event, or null for events a terminal need not show. Connectivity is said only when it
 * changes (pass the last state in `memory`), so a string of failed calls while offline prints one line.
 */
export function humanLineOfEvent(event: string, payload: unknown, memory: { online?: boolean } = {}): string | null {
  if (event === 'session.changed') {
    const { state, reason } = (payload ?? {}) as SessionChange;
    const words = typeof reason === 'string' ? sessionWords[reason] : undefined;
    const role = typeof state?.role === 'string' && /^[a-z_]{1,32}$/.test(state.role) ? state.role : 'no role';
    return words ? words(role) : null;
  }
  if (event === 'connectivity.changed') {
    const { online } = (payload ?? {}) as ConnectivityChange;
    if (typeof online !== 'boolean' || online === memory.online) return null;
    const first = memory.online === undefined;
    memory.online = online;
    if (online) return first ? null : 'online again: queued task writes are being sent';
    return 'offline: the service does not answer; the station keeps working and sends task writes later';
  }
  return null;
}
