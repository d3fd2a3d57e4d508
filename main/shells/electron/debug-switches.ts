// A packaged app refuses to start with a debugger switch: --remote-debugging-port or --inspect would hand its pages or
// its main process (tokens, the keychain) to any program on the machine. The fuses stop NODE_OPTIONS, ELECTRON_RUN_AS_NODE
// and Node's own --inspect arguments; Chromium's remote-debugging switches have no fuse, so they are checked here.
import { app } from 'electron';

/** Chromium's and Node's switches that open a debugger or a remote-control port. */
export const DEBUG_SWITCHES: readonly string[] = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'inspect-wait',
  'inspect-publish-uid',
  'debug',
  'debug-brk',
  'debug-port',
];

/** The first debugger switch in `argv` (`--inspect`, `--inspect=9229`, `-inspect-brk`…), or null. */
export function debugSwitchIn(argv: readonly string[]): string | null {
  for (const arg of argv) {
    const name = /^--?([A-Za-z][\w-]*)(?:=|$)/.exec(arg)?.[1]?.toLowerCase();
    if (name !== undefined && DEBUG_SWITCHES.includes(name)) return name;
  }
  return null;
}

export interface DebugCheck {
  isPackaged: boolean;
  argv: readonly string[];
  /** Switches Chromium knows of, given on the command line or appended before this ran. */
  hasSwitch(name: string): boolean;
  /** Says why in one line (stderr: the log is not open yet) and ends the process. */
  refuse(message: string): void;
}

/** True when the app may start: unpackaged (development), or packaged with no debugger switch. */
export function mayStart(check: DebugCheck): boolean {
  if (!check.isPackaged) return true;
  const found = debugSwitchIn(check.argv) ?? DEBUG_SWITCHES.find((name) => check.hasSwitch(name)) ?? null;
  if (found === null) return true;
  check.refuse(`Fulfillment Station does not start with --${found}: debugging is off in the installed app.`);
  return false;
}

/** The entry's first call: false (and the app is exiting) when a packaged app was started with a debugger switch. */
export function startsWithoutDebugger(): boolean {
  return mayStart({
    isPackaged: app.isPackaged,
    argv: process.argv,
    hasSwitch: (name) => app.commandLine.hasSwitch(name),
    refuse(message) {
      process.stderr.write(`${message}\n`);
      app.exit(1);
    },
  });
}
