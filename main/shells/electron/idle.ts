// The idle lock: the station locks after the configured minutes without input, when the screen locks or the machine sleeps; it catches up on resume.
import type { PowerMonitor } from 'electron';
import type { Logger } from '../../platform/log/logger.ts';
import type { Station } from '../../station/station.ts';

export const IDLE_CHECK_MS = 15_000;

export interface IdleLockOptions {
  powerMonitor: Pick<PowerMonitor, 'getSystemIdleTime' | 'getSystemIdleState' | 'on' | 'off'>;
  station: Pick<Station, 'invoke' | 'resume'>;
  /**
   * Calls the listener on each input in the station's own window (webContents `input-event`) and answers a stop. The
   * one idle signal that works everywhere: the system's idle time reads 0 on Wayland, and `lock-screen` is macOS and
   * Windows only (Electron docs, api/power-monitor.md).
   */
  onWindowActivity?: (listener: () => void) => () => void;
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  checkEveryMs?: number;
  log?: Logger;
}

export interface IdleLock {
  /** One idle check now (the timer calls it; tests call it directly). */
  check(): Promise<void>;
  stop(): void;
}

function valueIfOk<T>(result: { ok: true; value: unknown } | { ok: false }): T | null {
  return result.ok ? (result.value as T) : null;
}

/**
 * Idle is the time since the last input in the station's window, or the system's idle time when that is shorter and
 * the system is known to report one (it has read above 0 at least once: on Wayland it reads 0 forever, which would
 * otherwise mean "always active"). `getSystemIdleState` answering `locked` (where the system can tell) locks too, which
 * covers Linux, where `lock-screen` never fires.
 */
export function startIdleLock(options: IdleLockOptions): IdleLock {
  const { powerMonitor, station, log } = options;
  const now = options.now ?? Date.now;
  let lastWindowInput = now();
  let systemReportsIdle = false;
  let saidSystemIsSilent = false;
  // Locked once per idle stretch: after an unlock the person must be active again before the next idle lock.
  let lockedThisStretch = false;

  const lock = async (why: string): Promise<void> => {
    const state = valueIfOk<{ status: string }>(await station.invoke('session:state', undefined));
    if (state?.status !== 'signed_in') return;
    const result = await station.invoke('session:lock', undefined);
    if (result.ok) log?.info('station locked', { why });
    else log?.warn('could not lock the station', { why, code: result.error.code });
  };

  const check = async (): Promise<void> => {
    const settings = valueIfOk<{ idleLockMinutes: number }>(await station.invoke('settings:get', undefined));
    if (!settings) return;
    const threshold = settings.idleLockMinutes * 60;
    const windowIdle = Math.max(0, (now() - lastWindowInput) / 1000);
    const systemIdle = powerMonitor.getSystemIdleTime();
    if (systemIdle > 0) systemReportsIdle = true;
    const idle = systemReportsIdle ? Math.min(windowIdle, systemIdle) : windowIdle;
    const screenLocked = powerMonitor.getSystemIdleState(threshold) === 'locked';
    if (!systemReportsIdle && windowIdle >= threshold && !saidSystemIsSilent) {
      saidSystemIsSilent = true;
      log?.warn(
        'the system reports no idle time here (Wayland reads 0); the station locks on its own window going idle',
        {
          windowIdleSeconds: Math.round(windowIdle),
        },
      );
    }
    if (idle < threshold && !screenLocked) {
      lockedThisStretch = false;
      return;
    }
    if (lockedThisStretch) return;
    lockedThisStretch = true;
    await lock(screenLocked ? 'screen locked' : 'idle');
  };

  const guarded = (work: () => Promise<void>) => () => {
    work().catch((error: unknown) => log?.warn('idle lock step failed', { error: String(error) }));
  };
  const onLockScreen = guarded(() => lock('screen locked'));
  const onSuspend = guarded(() => lock('machine asleep'));
  const onResume = guarded(() => station.resume());

  const stopWatchingWindow = options.onWindowActivity?.(() => {
    lastWindowInput = now();
  });
  powerMonitor.on('lock-screen', onLockScreen);
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  const timer = setInterval(guarded(check), options.checkEveryMs ?? IDLE_CHECK_MS);
  timer.unref?.();

  return {
    check,
    stop() {
      clearInterval(timer);
      stopWatchingWindow?.();
      powerMonitor.off('lock-screen', onLockScreen);
      powerMonitor.off('suspend', onSuspend);
      powerMonitor.off('resume', onResume);
    },
  };
}
