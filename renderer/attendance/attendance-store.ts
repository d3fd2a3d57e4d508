// Whether someone is at the station: a key, a pointer or a scan (scans are keys) within the last five minutes. Screens'
// timed re-reads run only while someone is there, so a station left alone costs the service only what main spends
// (its poller and the quiet connectivity probe: at most 60 requests an idle hour, README "The pharmacy's record");
// events still refresh what they touch, and the first touch after a quiet spell reads again what is shown.
import { create } from 'zustand';
import { createIdleClock, type IdleClock, nextWakeUp } from './idle-clock.ts';

/** What counts as someone at the station. Pointer moves count: a person reading with the mouse in hand is there. */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** No touch for this long and the station is left alone: timed re-reads stop. */
export const ATTENDED_MS = 5 * 60_000;

interface AttendanceState {
  attended: boolean;
}

export const useAttendanceStore = create<AttendanceState>(() => ({ attended: true }));

/** The timers a watch uses (the window's in the app, fakes in tests). */
export interface AttendanceTimers {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Watches `target` for activity and keeps the store's `attended` true until `ATTENDED_MS` pass without any; calls
 * `onReturn` when someone comes back after a quiet spell. Answers the stop.
 */
export function watchAttendance(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  timers: AttendanceTimers,
  onReturn: () => void,
): () => void {
  const clock: IdleClock = createIdleClock(ATTENDED_MS, timers.now);
  let timer: unknown;
  const wake = () => {
    const next = nextWakeUp(clock);
    if (next.lock) {
      timer = undefined;
      useAttendanceStore.setState({ attended: false });
    } else timer = timers.setTimeout(wake, next.inMs);
  };
  const touch = () => {
    clock.touch();
    if (timer !== undefined) return;
    // Back after a quiet spell: attended again, the clock runs again, and what is shown is read again.
    useAttendanceStore.setState({ attended: true });
    wake();
    onReturn();
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, touch, { capture: true, passive: true });
  useAttendanceStore.setState({ attended: true });
  wake();
  return () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, touch, { capture: true });
  };
}

/** A screen's re-read interval: `ms` while someone is at the station, none while it is left alone. */
export function useTimedRefresh(ms: number): number | false {
  const attended = useAttendanceStore((state) => state.attended);
  return attended ? ms : false;
}
