// The idle lock: the station locks after the configured minutes without input, when the screen locks or the machine sleeps; it catches up on resume.
import type { PowerMonitor } from 'electron';
import type { Logger } from '../log/logger.ts';
import type { Station } from '../station/station.ts';

export const IDLE_CHECK_MS = 15_000;

export interface IdleLockOptions {
  powerMonitor: Pick<PowerMonitor, 'getSystemIdleTime' | 'on' | 'off'>;
  station: Pick<Station, 'invoke' | 'resume'>;
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

export function startIdleLock(options: IdleLockOptions): IdleLock {
  const { powerMonitor, station, log } = options;
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
    const idleSeconds = powerMonitor.getSystemIdleTime();
    if (idleSeconds < settings.idleLockMinutes * 60) {
      lockedThisStretch = false;
      return;
    }
    if (lockedThisStretch) return;
    lockedThisStretch = true;
    await lock('idle');
  };

  const guarded = (work: () => Promise<void>) => () => {
    work().catch((error: unknown) => log?.warn('idle lock step failed', { error: String(error) }));
  };
  const onLockScreen = guarded(() => lock('screen locked'));
  const onSuspend = guarded(() => lock('machine asleep'));
  const onResume = guarded(() => station.resume());

  powerMonitor.on('lock-screen', onLockScreen);
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  const timer = setInterval(guarded(check), options.checkEveryMs ?? IDLE_CHECK_MS);
  timer.unref?.();

  return {
    check,
    stop() {
      clearInterval(timer);
      powerMonitor.off('lock-screen', onLockScreen);
      powerMonitor.off('suspend', onSuspend);
      powerMonitor.off('resume', onResume);
    },
  };
}
