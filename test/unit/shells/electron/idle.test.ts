// The idle lock on every platform: the station window's own input, the system's idle time where it is real, screen
// lock where the system reports it, sleep; missed work fetched on resume.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { type IdleLock, startIdleLock } from '../../../../main/shells/electron/idle.ts';
import { electron, resetElectron, setPlatform } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

let running: IdleLock | null = null;

function setUp(status = 'signed_in', idleLockMinutes = 10) {
  const calls: string[] = [];
  const lines: string[] = [];
  let clock = 1_000_000;
  let windowInput: (() => void) | null = null;
  const station = {
    invoke: vi.fn(async (channel: string) => {
      calls.push(channel);
      if (channel === 'settings:get') return { ok: true as const, value: { idleLockMinutes } };
      if (channel === 'session:state') return { ok: true as const, value: { status } };
      return { ok: true as const, value: { status: 'locked' } };
    }),
    resume: vi.fn(async () => {}),
  };
  running = startIdleLock({
    powerMonitor: electron.powerMonitor as never,
    station,
    now: () => clock,
    onWindowActivity: (listener) => {
      windowInput = listener;
      return () => {
        windowInput = null;
      };
    },
    checkEveryMs: 60_000,
    log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
  });
  return {
    station,
    lock: running,
    locks: () => calls.filter((c) => c === 'session:lock').length,
    /** Time passes with no input in the station window (the system idle time is set separately). */
    pass: (seconds: number) => {
      clock += seconds * 1000;
    },
    typeInWindow: () => windowInput?.(),
    lines,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  resetElectron();
  await electron.app.becomeReady();
});
afterEach(() => running?.stop());

describe('the idle lock where the system reports its idle time (X11, macOS, Windows)', () => {
  it('locks once the machine has been idle for the configured minutes', async () => {
    const { lock, locks, pass } = setUp('signed_in', 10);
    pass(10 * 60 - 1);
    electron.powerMonitor.idleSeconds = 10 * 60 - 1;
    await lock.check();
    expect(locks()).toBe(0);
    pass(1);
    electron.powerMonitor.idleSeconds = 10 * 60;
    await lock.check();
    expect(locks()).toBe(1);
  });

  it('does not lock while the person works in another program (the system is active, the window is not)', async () => {
    const { lock, locks, pass } = setUp('signed_in', 10);
    pass(3_600);
    electron.powerMonitor.idleSeconds = 5;
    await lock.check();
    expect(locks()).toBe(0);
  });

  it('locks once per idle stretch, and again after the person was back', async () => {
    const { lock, locks, pass, typeInWindow } = setUp();
    pass(3_600);
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    await lock.check();
    expect(locks()).toBe(1);
    typeInWindow();
    electron.powerMonitor.idleSeconds = 5;
    await lock.check();
    pass(3_600);
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    expect(locks()).toBe(2);
  });

  it('does not lock a station nobody is signed in to', async () => {
    setPlatform('darwin');
    const { lock, locks, pass } = setUp('signed_out');
    pass(3_600);
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    electron.powerMonitor.lockScreen();
    await settle();
    expect(locks()).toBe(0);
  });
});

describe('the idle lock on Wayland, where the system idle time reads 0', () => {
  it('locks when the station window has had no input for the configured minutes', async () => {
    setPlatform('linux-wayland');
    const { lock, locks, pass, typeInWindow } = setUp('signed_in', 10);
    pass(9 * 60);
    typeInWindow();
    pass(9 * 60);
    await lock.check();
    expect(locks()).toBe(0);
    pass(60);
    await lock.check();
    expect(electron.powerMonitor.getSystemIdleTime()).toBe(0);
    expect(locks()).toBe(1);
  });

  it('says once in the log that the system reports no idle time', async () => {
    setPlatform('linux-wayland');
    const { lock, pass, lines } = setUp('signed_in', 10);
    pass(3_600);
    await lock.check();
    await lock.check();
    const said = lines.filter((line) => line.includes('the system reports no idle time'));
    expect(said).toHaveLength(1);
  });
});

describe('screen lock and sleep', () => {
  for (const platform of ['darwin', 'win32'] as const) {
    it(`on ${platform} locks when the screen locks (lock-screen)`, async () => {
      setPlatform(platform);
      const { locks } = setUp();
      electron.powerMonitor.lockScreen();
      await settle();
      expect(locks()).toBe(1);
    });
  }

  it('on Linux, where lock-screen never fires, locks at the next check when the system says the screen is locked', async () => {
    setPlatform('linux-x11');
    const { lock, locks } = setUp();
    electron.powerMonitor.lockScreen();
    await settle();
    expect(locks()).toBe(0);
    await lock.check();
    expect(locks()).toBe(1);
  });

  it('locks when the machine goes to sleep', async () => {
    const { locks } = setUp();
    electron.powerMonitor.fire('suspend');
    await settle();
    expect(locks()).toBe(1);
  });

  it('on resume asks the station to catch up on missed changes and queued writes', async () => {
    const { station } = setUp();
    electron.powerMonitor.fire('resume');
    await settle();
    expect(station.resume).toHaveBeenCalledTimes(1);
  });

  it('stopping removes its power listeners and stops watching the window', () => {
    const { lock, pass, typeInWindow } = setUp();
    lock.stop();
    for (const event of ['lock-screen', 'suspend', 'resume'])
      expect(electron.powerMonitor.listenerCount(event)).toBe(0);
    pass(1);
    expect(() => typeInWindow()).not.toThrow();
  });
});
