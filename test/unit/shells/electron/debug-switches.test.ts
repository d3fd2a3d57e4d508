// A packaged app will not start with a debugger switch (--remote-debugging-port, --inspect…): the check runs in the
// real entry, before anything else, and the app exits saying why; a development run is not held back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBUG_SWITCHES, debugSwitchIn, mayStart } from '../../../../main/shells/electron/debug-switches.ts';

const fake = vi.hoisted(() => ({
  app: {
    isPackaged: true,
    switches: new Set<string>(),
    exit: null as unknown as (code: number) => void,
    commandLine: { hasSwitch: (name: string) => fake.app.switches.has(name) },
  },
  started: [] as unknown[],
}));
vi.mock('electron', () => ({ app: fake.app }));
vi.mock('../../../../main/shells/electron/app.ts', () => ({
  builtPaths: (dir: string) => ({ dir }),
  startApp: (paths: unknown) => fake.started.push(paths),
}));

function check(argv: string[], options: { isPackaged?: boolean; switches?: string[] } = {}) {
  const refused: string[] = [];
  const allowed = mayStart({
    isPackaged: options.isPackaged ?? true,
    argv,
    hasSwitch: (name) => (options.switches ?? []).includes(name),
    refuse: (message) => refused.push(message),
  });
  return { allowed, refused };
}

beforeEach(() => {
  fake.app.isPackaged = true;
  fake.app.switches.clear();
  fake.app.exit = vi.fn();
  fake.started.length = 0;
});

describe('debugger switches on a packaged app', () => {
  it('refuses --remote-debugging-port, --inspect and their kin, in any spelling Chromium or Node accepts', () => {
    for (const arg of [
      '--remote-debugging-port=9222',
      '--remote-debugging-pipe',
      '--inspect',
      '--inspect=0.0.0.0:9229',
      '-inspect-brk',
      '--INSPECT-PORT=1',
      '--debug',
    ]) {
      const { allowed, refused } = check(['/opt/Fulfillment Station/fulfillment-station', arg]);
      expect(allowed, arg).toBe(false);
      expect(refused[0]).toMatch(/does not start with --[a-z-]+: debugging is off in the installed app/);
    }
  });

  it('refuses a switch Chromium holds though it is not in argv (appended elsewhere)', () => {
    expect(check(['/app'], { switches: ['remote-debugging-port'] }).allowed).toBe(false);
  });

  it('starts with ordinary arguments, and lets a development run use a debugger', () => {
    expect(check(['/app', '--inspector-theme', 'station://app', '--lang=en-US']).allowed).toBe(true);
    expect(check(['/app', '--inspect=9229'], { isPackaged: false }).allowed).toBe(true);
    expect(debugSwitchIn(['--remote-debugging-port'])).toBe('remote-debugging-port');
    expect(DEBUG_SWITCHES).toContain('inspect-brk');
  });

  it('the real entry exits with code 1 and never starts the app when packaged with --remote-debugging-port', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--remote-debugging-port=9222'];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      vi.resetModules();
      await import('../../../../main/shells/electron/main.ts');
    } finally {
      process.argv = argv;
      stderr.mockRestore();
    }
    expect(fake.app.exit).toHaveBeenCalledWith(1);
    expect(fake.started).toEqual([]);
  });

  it('the real entry starts the app when packaged without a debugger switch', async () => {
    vi.resetModules();
    await import('../../../../main/shells/electron/main.ts');
    expect(fake.app.exit).not.toHaveBeenCalled();
    expect(fake.started).toHaveLength(1);
  });
});
