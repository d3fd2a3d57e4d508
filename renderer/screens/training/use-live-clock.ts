// The simulated clock as it moves: the last read of the simulation, carried forward by the real time since, each second.
import { useEffect, useState } from 'react';
import type { SimulationState } from '../../../contract/service/training.ts';
import { useSimulationState } from '../../queries/training.ts';
import { liveClockMs } from './simulation-words.ts';

const TICK_MS = 1000;

/** Ticks every second while mounted; answers this computer's time in ms. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface LiveClock {
  state: SimulationState | undefined;
  /** The simulated time now (ms), or null before the first read. */
  nowMs: number | null;
}

export function useLiveClock(): LiveClock & { query: ReturnType<typeof useSimulationState> } {
  const query = useSimulationState();
  const now = useNow();
  const state = query.data;
  const nowMs = state ? liveClockMs(state, query.dataUpdatedAt, now) : null;
  return { state, nowMs, query };
}
