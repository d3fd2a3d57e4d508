// The training simulation: the service's clock (the base clock plus the lead the simulation has taken), its controls, and the
// background worker whose short ticks move the pharmacy along while it runs.
import type { SimulationState } from '../../contract/service/training.ts';
import type { Db } from '../database/db.ts';
import type { BackgroundWorker } from '../deps/background-worker.ts';
import { runDue } from './engine.ts';
import {
  changeSimulation,
  ensureSimulationRow,
  leadAt,
  readSimulation,
  type SimulationChanges,
  type SimulationRow,
  simulatedMsAt,
} from './state.ts';
import { type StepSummary, Work } from './work.ts';

/**
 * Real milliseconds between ticks, and a tick's limits: at most this many changes and about this much real time (a
 * change costs some 80 µs with 100,000 orders, and its commit about as much again on a file database). Many short
 * ticks rather than few long ones: a request that arrives during a tick waits for it, so the tick's length is what a
 * running simulation adds to a request's worst case. 200 changes a second is some 40 orders a second through the
 * floor: more than the demo pharmacy's flow at the top speed.
 */
export const TICK_INTERVAL_MS = 100;
export const MOVES_PER_TICK = 20;
export const TICK_BUDGET_MS = 4;
/** A step's limits: a step is a request, so it may do more than a tick, but not without end. */
export const MOVES_PER_STEP = 5000;
export const STEP_BUDGET_MS = 2000;

export interface SimulationOptions {
  /**
   * true runs from the start, false pauses from the start; absent keeps what the trainer last chose (a new database
   * starts paused, so nothing moves under a trainee until a trainer starts it).
   */
  running?: boolean;
  log?: (entry: Record<string, unknown>) => void;
}

export class Simulation implements BackgroundWorker {
  private readonly db: Db;
  private readonly base: () => Date;
  private readonly log: (entry: Record<string, unknown>) => void;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The simulated time of the last tick that left nothing due: a tick at the same time has nothing to do. */
  private settledAt = Number.NaN;
  private failedUntil = 0;

  constructor(db: Db, base: () => Date, options: SimulationOptions = {}) {
    this.db = db;
    this.base = base;
    this.log = options.log ?? (() => {});
    const at = base();
    db.transaction(() => {
      ensureSimulationRow(db, at);
      if (options.running !== undefined) changeSimulation(db, at.getTime(), { running: options.running });
    });
  }

  /** The service clock: simulated time. Equal to the base clock until the simulation runs faster or steps. */
  readonly now = (): Date => new Date(simulatedMsAt(readSimulation(this.db), this.base().getTime()));

  /** How many simulated seconds pass per real second right now (1 while paused): the delivery worker's time scale. */
  readonly timeScale = (): number => scaleOf(readSimulation(this.db));

  state(): SimulationState {
    return view(readSimulation(this.db), this.base().getTime());
  }

  /** The base (wall) clock: a station's open run holds its order for real minutes, whatever the speed. */
  readonly realNow = (): Date => this.base();

  /** Changes running, speed, odds or seed; in the caller's transaction. */
  update(changes: Omit<SimulationChanges, 'advanceMs' | 'restartedAt'>): SimulationState {
    const baseMs = this.base().getTime();
    const row = changeSimulation(this.db, baseMs, changes);
    this.settledAt = Number.NaN;
    return view(row, baseMs);
  }

  /** Advances the simulated clock by `minutes` at once and runs everything due (within a step's limits). */
  step(minutes: number): { state: SimulationState; summary: StepSummary } {
    const baseMs = this.base().getTime();
    const from = new Date(simulatedMsAt(readSimulation(this.db), baseMs));
    const row = changeSimulation(this.db, baseMs, { advanceMs: minutes * 60_000 });
    const to = new Date(simulatedMsAt(row, baseMs));
    const summary = this.run(row, to, new Work(from, to, MOVES_PER_STEP, STEP_BUDGET_MS));
    this.settledAt = Number.NaN;
    return { state: view(row, baseMs), summary };
  }

  /** After the demo data is rebuilt: waits count from now again, the step count restarts, choices follow `seed`. */
  restart(at: Date, seed: number): void {
    changeSimulation(this.db, this.base().getTime(), { restartedAt: at.toISOString(), seed });
    this.settledAt = Number.NaN;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), TICK_INTERVAL_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One tick: short and bounded, in its own transaction, only while running and only when time has moved. */
  tick(): void {
    if (performance.now() < this.failedUntil) return;
    try {
      const row = readSimulation(this.db);
      if (row.running !== 1) return;
      const now = new Date(simulatedMsAt(row, this.base().getTime()));
      if (now.getTime() === this.settledAt) return;
      const summary = this.db.transaction(() => this.run(row, now, new Work(now, now, MOVES_PER_TICK, TICK_BUDGET_MS)));
      this.settledAt = summary.more_due ? Number.NaN : now.getTime();
    } catch (error) {
      // A failing tick rolls back whole; wait a little before trying again rather than failing four times a second.
      this.failedUntil = performance.now() + 5000;
      this.log({ level: 'error', msg: 'simulation tick failed', error: String(error) });
    }
  }

  private run(row: SimulationRow, now: Date, work: Work): StepSummary {
    return runDue({
      db: this.db,
      now,
      realNow: this.base(),
      seed: row.seed,
      stuckProbability: row.stuck_probability,
      startedAt: row.started_at,
      work,
    });
  }
}

const scaleOf = (row: SimulationRow): number => (row.running === 1 ? row.speed : 1);

function view(row: SimulationRow, baseMs: number): SimulationState {
  const lead = leadAt(row, baseMs);
  return {
    running: row.running === 1,
    speed: row.speed,
    simulated_now: new Date(baseMs + lead).toISOString(),
    started_at: row.started_at,
    steps: row.steps,
    stuck_probability: row.stuck_probability,
    seed: row.seed,
    time_scale: scaleOf(row),
    lead_seconds: Math.round(lead / 1000),
    tick_interval_ms: TICK_INTERVAL_MS,
    max_moves_per_tick: MOVES_PER_TICK,
  };
}
