// The idle lock: locked after the configured idle minutes, on screen lock and on sleep; missed work fetched on resume.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type IdleLock, startIdleLock } from '../../../main/electron/idle.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

let running: IdleLock | null = null;

function setUp(status = 'signed_in', idleLockMinutes = 10) {
  const calls: string[] = [];
  const station = {
    invoke: vi.fn(async (channel: string) => {
      calls.push(channel);
      if (channel === 'settings:get') return { ok: true as const, value: { idleLockMinutes } };
      if (channel === 'session:state') return { ok: true as const, value: { status } };
      return { ok: true as const, value: { status: 'locked' } };
    }),
    resume: vi.fn(async () => {}),
  };
  running = startIdleLock({ powerMonitor: electron.powerMonitor as never, station, checkEveryMs: 60_000 });
  const locks = () => calls.filter((c) => c === 'session:lock').length;
  return { station, lock: running, locks };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => resetElectron());
afterEach(() => running?.stop());

describe('the idle lock', () => {
  it('locks once the system has been idle for the configured minutes', async () => {
    const { lock, locks } = setUp('signed_in', 10);
    electron.powerMonitor.idleSeconds = 10 * 60 - 1;
    await lock.check();
    expect(locks()).toBe(0);
    electron.powerMonitor.idleSeconds = 10 * 60;
    await lock.check();
    expect(locks()).toBe(1);
  });

  it('locks once per idle stretch, and again after the person was back', async () => {
    const { lock, locks } = setUp();
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    await lock.check();
    expect(locks()).toBe(1);
    electron.powerMonitor.idleSeconds = 5;
    await lock.check();
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    expect(locks()).toBe(2);
  });

  it('does not lock a station nobody is signed in to', async () => {
    const { lock, locks } = setUp('signed_out');
    electron.powerMonitor.idleSeconds = 3_600;
    await lock.check();
    electron.powerMonitor.fire('lock-screen');
    await settle();
    expect(locks()).toBe(0);
  });

  it('locks when the screen locks and when the machine goes to sleep', async () => {
    const { locks } = setUp();
    electron.powerMonitor.fire('lock-screen');
    await settle();
    electron.powerMonitor.fire('suspend');
    await settle();
    expect(locks()).toBe(2);
  });

  it('on resume asks the station to catch up on missed changes and queued writes', async () => {
    const { station } = setUp();
    electron.powerMonitor.fire('resume');
    await settle();
    expect(station.resume).toHaveBeenCalledTimes(1);
  });

  it('stopping removes its power listeners', () => {
    const { lock } = setUp();
    lock.stop();
    for (const event of ['lock-screen', 'suspend', 'resume'])
      expect(electron.powerMonitor.listenerCount(event)).toBe(0);
  });
});
