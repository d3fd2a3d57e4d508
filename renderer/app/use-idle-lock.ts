// Locks the station after the configured minutes without a key, a pointer or a scan (scans are keys), on the page's
// own clock, so the lock keeps its promise even when nothing else on screen moves.
import { useEffect, useRef } from 'react';
import { ACTIVITY_EVENTS } from '../attendance/attendance-store.ts';
import { createIdleClock, MINUTE_MS, nextWakeUp } from '../attendance/idle-clock.ts';

/** While mounted (signed in, not locked): calls `lock` once `minutes` pass without activity. */
export function useIdleLock(minutes: number, lock: () => void): void {
  const latestLock = useRef(lock);
  latestLock.current = lock;

  useEffect(() => {
    const clock = createIdleClock(minutes * MINUTE_MS, () => Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      const next = nextWakeUp(clock);
      if (next.lock) latestLock.current();
      else timer = setTimeout(wake, next.inMs);
    };
    const touch = () => clock.touch();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { capture: true, passive: true });
    wake();
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [minutes]);
}
