// The simulated clock, large: the day and the time, running or paused, and how fast.
import type { SimulationState } from '../../../contract/service/training.ts';
import { clockWords, speedWords } from './simulation-words.ts';
import { trainingWords } from './wording.ts';

export function SimulationClock({ state, nowMs }: { state: SimulationState; nowMs: number }) {
  const words = clockWords(nowMs);
  const iso = new Date(nowMs).toISOString();
  return (
    <div className="sim-clock-panel">
      <p className="sim-clock">
        <span className="sr-only">{trainingWords.simulation.simulatedTime}</span>
        <time dateTime={iso} data-testid="simulated-clock">
          <span className="sim-time">{words.time}</span>
          <span className="sim-day">{words.day}</span>
        </time>
      </p>
      <p className="sim-state">
        {state.running ? (
          <span className="pill pill-good">{trainingWords.simulation.running}</span>
        ) : (
          <span className="pill pill-warn">{trainingWords.simulation.paused}</span>
        )}{' '}
        {trainingWords.simulation.speedNow(state.running, speedWords(state.speed))}
        {typeof state.steps === 'number' ? trainingWords.simulation.steps(state.steps) : ''}
      </p>
    </div>
  );
}
